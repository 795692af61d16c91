import { describe, expect, it } from 'vitest';
import { namedSchemasOnce } from './openapi.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('namedSchemasOnce', () => {
  it('keeps one component per model, and a written form only where a request needs a different one', () => {
    const same = { type: 'object', properties: { id: { type: 'integer' } } };
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/a': { post: { requestBody: { content: { 'application/json': { schema: ref('AInput') } } } } },
        '/b': { post: { requestBody: { content: { 'application/json': { schema: ref('BInput') } } } } },
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: {
          A: same,
          AInput: same,
          B: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
          BInput: { type: 'object', properties: { n: { type: 'integer', default: 1 }, a: ref('AInput') } },
          C: { type: 'string' },
          CInput: { type: 'string', default: 'x' },
        },
      },
    };
    const out = namedSchemasOnce(doc);
    expect(Object.keys(out.components.schemas).sort()).toEqual(['A', 'B', 'BInput', 'C']);
    expect(out.paths['/a'].post.requestBody.content['application/json'].schema).toEqual(ref('A'));
    expect(out.components.schemas.BInput?.properties.a).toEqual(ref('A'));
    expect(out.components.securitySchemes).toEqual(doc.components.securitySchemes);
  });
});
