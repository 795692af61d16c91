import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { todosResponse } from '#common/api/todos.js';
import { createHarness, type Harness } from '../test/harness.js';
import { compileResponseSerializer, responseSchemas } from './serializer.js';

let h: Harness;
afterEach(async () => h?.close());

const viaZod = (schema: z.ZodType, data: unknown) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never)(data);

describe('response serialiser', () => {
  it('compiles every response schema of every route to fast-json-stringify', async () => {
    h = await createHarness();
    await h.app.ready();
    const routes = responseSchemas.filter((r) => r.url.startsWith('/api/'));
    expect(new Set(routes.map((r) => `${r.method} ${r.url}`)).size).toBeGreaterThan(80);
    for (const { method, url, status, schema } of routes) {
      expect(() => compileResponseSerializer(schema), `${method} ${url} ${status}`).not.toThrow();
    }
  });

  it('writes what zod would: declared properties only, nulls, nested objects', () => {
    const todos = [
      {
        id: 1,
        content: 'a "quoted" line\nand more',
        completed: false,
        completed_at: null,
        created_at: 'x',
        user_id: 7,
      },
      { id: 2, content: 'é ✓', completed: true, completed_at: '2026-01-01T00:00:00.000Z', created_at: 'y' },
    ];
    expect(compileResponseSerializer(todosResponse)(todos)).toBe(viaZod(todosResponse, todos));
    const nested = z.object({
      items: z.array(z.object({ n: z.number(), tags: z.array(z.string()), extra: z.string().optional() })),
      meta: z.record(z.string(), z.unknown()),
      either: z.union([z.string(), z.number()]).nullable(),
    });
    const data = { items: [{ n: 1.5, tags: ['a'], secret: 's' }], meta: { a: [1, { b: null }] }, either: 3 };
    expect(JSON.parse(compileResponseSerializer(nested)(data))).toEqual(JSON.parse(viaZod(nested, data)));
  });
});
