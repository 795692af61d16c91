import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY_TEXT } from '#common/apiKeyConstants.js';
import { createHarness, createUserAndSignIn, type Harness } from '../test/harness.js';
import { connectMcp, createKey, listen } from './testing.js';

let h: Harness;
afterEach(async () => h?.close());

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

const post = (url: string, headers: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(INIT),
  });

describe('MCP authentication', () => {
  it('refuses no key with WWW-Authenticate, and bad, expired or deleted keys', async () => {
    h = await createHarness();
    const rest = await createUserAndSignIn(h, 'alice');
    const url = await listen(h);

    const none = await post(url, {});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await none.json()).toEqual({ error: API_KEY_TEXT.missingKey });

    const bad = await post(url, { 'x-api-key': 'dmk_not-a-real-key' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await bad.json()).toEqual({ error: API_KEY_TEXT.invalidKey });
    // A session token is not an API key.
    expect((await post(url, { authorization: `Bearer ${rest.token}` })).status).toBe(401);

    const good = await createKey(rest);
    const ok = await post(url, { 'x-api-key': good.key });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(((await ok.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe('daymark');
    expect((await post(url, { authorization: `Bearer ${good.key}` })).status).toBe(200);

    const expiring = await createKey(rest, { expiresIn: '30d' });
    const client = await connectMcp(url, expiring.key);
    await h.ctx.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    await expect(client.listTools()).rejects.toThrow();
    expect((await post(url, { 'x-api-key': expiring.key })).status).toBe(401);

    const deleted = await createKey(rest);
    const c2 = await connectMcp(url, deleted.key);
    expect((await c2.listTools()).tools.length).toBeGreaterThan(0);
    await rest.request({ method: 'DELETE', url: `/api/api-keys/${deleted.id}` });
    await expect(c2.listTools()).rejects.toThrow();
    await expect(connectMcp(url, deleted.key)).rejects.toThrow();

    // The key never reaches the log or the database in clear.
    const logs = h.logs.join('');
    for (const k of [good.key, expiring.key, deleted.key]) expect(logs).not.toContain(k.slice(4));
    const rows = JSON.stringify(await h.ctx.db.selectFrom('api_keys').selectAll().execute());
    expect(rows).not.toContain(good.key.slice(4));
  });

  it('refuses a foreign Origin and allows the app’s own', async () => {
    h = await createHarness();
    const rest = await createUserAndSignIn(h, 'alice');
    const url = await listen(h);
    const { key } = await createKey(rest);
    const foreign = await post(url, { 'x-api-key': key, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await post(url, { 'x-api-key': key, origin: new URL(url).origin })).status).toBe(200);
  });

  it('limits calls per key per minute with 429 and Retry-After', async () => {
    h = await createHarness();
    const rest = await createUserAndSignIn(h, 'alice');
    const url = await listen(h);
    h.ctx.config.mcpRateLimitPerMinute = 3;
    const a = await createKey(rest);
    const b = await createKey(rest);
    for (let i = 0; i < 3; i++) expect((await post(url, { 'x-api-key': a.key })).status).toBe(200);
    const limited = await post(url, { 'x-api-key': a.key });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: API_KEY_TEXT.rateLimited });
    // Another key has its own allowance.
    expect((await post(url, { 'x-api-key': b.key })).status).toBe(200);
  });

  it('answers GET and DELETE with 405, since the server keeps no sessions', async () => {
    h = await createHarness();
    const rest = await createUserAndSignIn(h, 'alice');
    const url = await listen(h);
    const { key } = await createKey(rest);
    const res = await fetch(url, { headers: { 'x-api-key': key, accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await fetch(url)).status).toBe(401);
  });
});
