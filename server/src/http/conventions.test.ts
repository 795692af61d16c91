import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../common/src/constants.js';
import { createHarness, createUserAndSignIn, type Harness } from '../test/harness.js';

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

  it('publishes the OpenAPI document generated from the route schemas, and a docs page', async () => {
    h = await createHarness();
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(doc.paths).toHaveProperty('/api/auth/me');
    const page = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('requires a session everywhere else', async () => {
    h = await createHarness();
    const res = await h.app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(res.statusCode).toBe(401);
    const alice = await createUserAndSignIn(h, 'alice');
    expect((await alice.request({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(200);
  });
});
