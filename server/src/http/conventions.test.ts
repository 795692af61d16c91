import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '#common/constants.js';
import {
  type ApiDocument,
  docPath,
  type Operation,
  operationsOf,
  STATE_CHANGING,
  sampleUrl,
} from '../test/apiDocument.js';
import { createHarness, createUserAndSignIn, type Harness, signIn } from '../test/harness.js';

let h: Harness;
afterEach(async () => h?.close());

describe('server conventions', () => {
  it('answers unknown API paths with 404 {error}', async () => {
    h = await createHarness();
    for (const url of ['/api/nope', '/api/auth/nope', '/api']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.notFound });
    }
  });

  it('hides unexpected errors behind 500 "Something went wrong" and logs the detail', async () => {
    h = await createHarness({
      beforeReady: (app) =>
        app.get('/api/test/boom', { config: { public: true } }, async () => {
          throw new Error('disk on fire at /secret/path');
        }),
    });
    const res = await h.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: MESSAGES.somethingWrong });
    expect(h.logs.join('')).toContain('disk on fire at /secret/path');
  });

  it('rejects malformed JSON and oversized bodies with {error}', async () => {
    h = await createHarness();
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: expect.any(String) });
    const big = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'Request body is too large' });
  });

  it('sends the security headers, and no-store on the API', async () => {
    h = await createHarness();
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports health without a session', async () => {
    h = await createHarness();
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: h.ctx.dialect });
  });

  it('requires a session everywhere else', async () => {
    h = await createHarness();
    const res = await h.app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(res.statusCode).toBe(401);
    const alice = await createUserAndSignIn(h, 'alice');
    expect((await alice.request({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(200);
  });
});

/**
 * The served OpenAPI document is the API's contract for generated clients, the docs page and
 * the fuzzer. These checks walk every registered route, so routes added later are covered as
 * they are registered.
 */
describe('the OpenAPI document', () => {
  const fetchDoc = async () => (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as ApiDocument;

  it('validates as OpenAPI 3.1 with a maintained validator, and has a docs page', async () => {
    h = await createHarness();
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The project carries no licence text to point at.
        'info-license': 'off',
        // The liveness check has no input and no session, so it cannot answer a 4xx.
        'operation-4xx-response': 'off',
      },
    });
    const problems = await lintFromString({ source: res.body, absoluteRef: '/api/openapi.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);

    const page = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('lists every registered API route once, under a unique operationId named after its tag', async () => {
    h = await createHarness();
    const doc = await fetchDoc();
    const visible = h.app.apiRoutes.filter((r) => !r.hidden);
    expect(visible.length).toBeGreaterThan(40);
    for (const route of visible) {
      expect(doc.paths[docPath(route.url)]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const ops = operationsOf(doc);
    expect(ops).toHaveLength(visible.length);
    const ids = new Set<string>();
    for (const { method, path, op } of ops) {
      const where = `${method} ${path}`;
      expect(op.tags?.length, `${where} has a tag`).toBeGreaterThan(0);
      expect(op.summary, `${where} has a summary`).toBeTruthy();
      // <tag>.<lowerCamelCase action>, e.g. todos.list, todos.applyChecklist, auth.login
      expect(op.operationId, `${where} operationId`).toMatch(/^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/);
      expect(op.operationId?.split('.')[0], `${where} operationId starts with its tag`).toBe(op.tags?.[0]);
      expect(ids.has(op.operationId ?? ''), `${where} operationId ${op.operationId} is unique`).toBe(false);
      ids.add(op.operationId ?? '');
    }
  });

  it('documents the success and the errors each route can give by its shape', async () => {
    h = await createHarness();
    const doc = await fetchDoc();
    for (const { method, path, op } of operationsOf(doc)) {
      const where = `${method} ${path} (${op.operationId})`;
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        `${where} documents its success`,
      ).toBe(true);
      const required = new Set<string>();
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (!isPublic) required.add('401');
      if (op.parameters?.length) required.add('400');
      if (STATE_CHANGING.has(method)) for (const s of ['400', '403', '413']) required.add(s);
      for (const status of required) expect(statuses, `${where} documents ${status}`).toContain(status);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = op.responses[status]?.content?.['application/json']?.schema as
          | { anyOf?: unknown[]; $ref?: string }
          | undefined;
        const error = { $ref: '#/components/schemas/Error' };
        // The MCP transport refuses some requests with a JSON-RPC error instead: it says so.
        if (schema?.anyOf) expect(schema.anyOf, `${where} ${status}`).toContainEqual(error);
        else expect(schema, `${where} ${status}`).toEqual(error);
        expect(op.responses[status]?.description, `${where} ${status} says what it means`).not.toBe('Default Response');
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const stream = response.content?.['text/event-stream'];
        if (stream) expect(stream.schema?.$ref, `${where} ${status} names its event schema`).toMatch(/Event$/);
      }
    }
    const streams = ['/api/workout/stream', '/api/coach/chat/stream'];
    for (const path of streams) {
      const op = Object.values(doc.paths[path] ?? {})[0];
      expect(Object.keys(op?.responses['200']?.content ?? {}), path).toEqual(['text/event-stream']);
    }
  });

  it('names every schema given an id exactly once under components.schemas', async () => {
    h = await createHarness();
    const doc = await fetchDoc();
    const ids = [...z.globalRegistry._idmap.keys()];
    expect(ids).toEqual(expect.arrayContaining(['Error', 'Todo', 'DailyNote', 'CoachChatStreamEvent']));
    for (const id of ids) expect(doc.components.schemas, id).toHaveProperty(id);
    // A written form is only kept when it differs from the read one.
    for (const name of Object.keys(doc.components.schemas).filter((n) => n.endsWith('Input'))) {
      const base = doc.components.schemas[name.slice(0, -'Input'.length)];
      expect(base === undefined || JSON.stringify(base) !== JSON.stringify(doc.components.schemas[name]), name).toBe(
        true,
      );
    }
  });

  it('answers only statuses the document lists, with {error} on every error', async () => {
    h = await createHarness();
    const doc = await fetchDoc();
    let user = await createUserAndSignIn(h, 'prober');
    // Past the server's body limit, or the route's own when it raises it.
    const limits = new Map(h.app.apiRoutes.map((r) => [`${r.method} ${docPath(r.url)}`, r.bodyLimit]));
    const tooBig = (method: string, path: string) =>
      JSON.stringify({ text: 'x'.repeat(limits.get(`${method} ${path}`) ?? h.ctx.config.bodyLimit) });
    const check = (where: string, op: Operation, res: { statusCode: number; json(): unknown }) => {
      expect(Object.keys(op.responses), `${where} answered ${res.statusCode}, which is not documented`).toContain(
        String(res.statusCode),
      );
      if (res.statusCode >= 400) expect(res.json(), where).toEqual({ error: expect.any(String) });
    };
    for (const { method, path, op } of operationsOf(doc)) {
      const url = sampleUrl(path, op);
      const writes = STATE_CHANGING.has(method);
      const payload = writes ? {} : undefined;
      const where = `${method} ${url}`;
      const verb = method as 'GET';

      const anonymous = await h.app.inject({ method: verb, url, payload });
      if (!(Array.isArray(op.security) && op.security.length === 0)) expect(anonymous.statusCode, where).toBe(401);
      check(`${where} without a session`, op, anonymous);

      if (writes) {
        const foreign = await user.request({
          method: verb,
          url,
          payload,
          headers: { origin: 'https://elsewhere.example' },
        });
        expect(foreign.statusCode, where).toBe(403);
        check(`${where} from a foreign origin`, op, foreign);
        const malformed = await user.request({
          method: verb,
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{"',
        });
        expect(malformed.statusCode, where).toBe(400);
        check(`${where} with malformed JSON`, op, malformed);
        const big = await user.request({
          method: verb,
          url,
          headers: { 'content-type': 'application/json' },
          payload: tooBig(method, path),
        });
        expect(big.statusCode, where).toBe(413);
        check(`${where} with a huge body`, op, big);
      }

      const plain = await user.request({ method: verb, url, payload });
      expect(plain.statusCode, `${where}: ${plain.body.slice(0, 200)}`).toBeLessThan(500);
      check(where, op, plain);
      // Signing out (or anything else that ends the session) must not spoil the next routes.
      if ((await user.request({ method: 'GET', url: '/api/auth/me' })).statusCode === 401)
        user = await signIn(h, 'prober');
    }
  });
});
