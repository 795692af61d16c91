import { afterEach, describe, expect, it } from 'vitest';
import type { ApiDocument } from '../test/apiDocument.js';
import { createHarness, createUserAndSignIn, type Harness } from '../test/harness.js';
import { NUL_MESSAGE } from './textInput.js';

/** Regressions the API fuzzer found: each answered 5xx or an undocumented shape before. */
let h: Harness;
afterEach(async () => h?.close());

describe('hostile input the fuzzer found', () => {
  it('refuses text with a NUL character with 400 on both databases, and stores nothing', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    for (const [url, payload] of [
      ['/api/todos', { content: 'buy milk\u0000' }],
      ['/api/coach/meta/vocational', { meta_content: 'a\u0000b' }],
      ['/api/transcripts', { title: 't\u0000', content: 'c', date: '2026-01-15' }],
    ] as const) {
      const res = await alice.request({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: NUL_MESSAGE });
    }
    const search = await alice.request({ method: 'GET', url: '/api/search?q=a%00b' });
    expect(search.statusCode).toBe(400);
    expect((await alice.request({ method: 'GET', url: '/api/todos' })).json()).toEqual([]);
    // A query parameter the route does not read is ignored, as any other stray one.
    expect((await alice.request({ method: 'GET', url: '/api/auth/me?x=%00' })).statusCode).toBe(200);
  });

  it('answers an over-long path parameter and a path that is not UTF-8 with 400 {error}', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const long = await alice.request({ method: 'GET', url: `/api/notes/content/daily/${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'A path parameter is too long' });
    const bad = await alice.request({ method: 'GET', url: '/api/weekly/%ED%A0%80' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The path is not valid' });
  });

  it('documents 415 on every operation that takes a body, and answers it with {error}', async () => {
    h = await createHarness();
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as ApiDocument;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (['post', 'put', 'patch', 'delete'].includes(method))
          expect(op.responses, `${method} ${path}`).toHaveProperty('415');
      }
    }
    const alice = await createUserAndSignIn(h, 'alice');
    const res = await alice.request({
      method: 'POST',
      url: '/api/todos',
      headers: { 'content-type': 'application/xml' },
      payload: '<todo>buy milk</todo>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});
