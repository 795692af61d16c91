import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY_TEXT, API_KEYS_MAX_PER_USER } from '#common/apiKeyConstants.js';
import { createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { authenticateApiKey } from './service.js';

let h: Harness;
afterEach(async () => h?.close());

const DAY = 24 * 60 * 60 * 1000;

describe('api keys', () => {
  it('creates a key shown once, lists it by preview only and deletes it', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const before = Date.now();
    const res = await c.request({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: '  Claude  ', expiresIn: '30d' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(/^dmk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Claude', scope: 'read_write', last_used_at: null });
    expect(created.key_preview.startsWith(created.key.slice(0, 8))).toBe(true);
    expect(created.key_preview.endsWith(created.key.slice(-4))).toBe(true);
    const expires = Date.parse(created.expires_at) - Date.parse(created.created_at);
    expect(expires).toBe(30 * DAY);
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const list = await c.request({ method: 'GET', url: '/api/api-keys' });
    expect(list.json()).toEqual([{ ...created, key: undefined }].map(({ key: _k, ...rest }) => rest));
    expect(list.body).not.toContain(created.key);

    // Neither the database nor the log holds the key in clear.
    const rows = await h.ctx.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(4));
    expect(h.logs.join('')).not.toContain(created.key.slice(4));

    const del = await c.request({ method: 'DELETE', url: `/api/api-keys/${created.id}` });
    expect(del.statusCode).toBe(204);
    expect((await c.request({ method: 'GET', url: '/api/api-keys' })).json()).toEqual([]);
    expect(await authenticateApiKey(h.ctx.db, created.key)).toBeNull();
  });

  it('offers the spec expiry options with 90 days by default and both scopes', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const make = async (payload: object) => (await c.request({ method: 'POST', url: '/api/api-keys', payload })).json();
    const byDefault = await make({ name: 'a' });
    expect(Date.parse(byDefault.expires_at) - Date.parse(byDefault.created_at)).toBe(90 * DAY);
    const year = await make({ name: 'b', expiresIn: '1y' });
    expect(Date.parse(year.expires_at) - Date.parse(year.created_at)).toBe(365 * DAY);
    const never = await make({ name: 'c', expiresIn: '', scope: 'read' });
    expect(never).toMatchObject({ expires_at: null, scope: 'read' });
  });

  it('refuses a blank name, an unknown expiry or scope, and keys beyond the cap', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const post = (payload: object) => c.request({ method: 'POST', url: '/api/api-keys', payload });
    const blank = await post({ name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: API_KEY_TEXT.nameRequired });
    expect((await post({ name: 'x', expiresIn: '7d' })).statusCode).toBe(400);
    expect((await post({ name: 'x', scope: 'admin' })).statusCode).toBe(400);
    expect((await post({ name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await c.request({ method: 'GET', url: '/api/api-keys' })).json()).toEqual([]);

    for (let i = 0; i < API_KEYS_MAX_PER_USER; i++) expect((await post({ name: `k${i}` })).statusCode).toBe(201);
    const over = await post({ name: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: API_KEY_TEXT.tooMany });
  });

  it('authenticates until expiry and writes last_used_at at most once a minute', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const created = (
      await c.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'k', expiresIn: '30d' } })
    ).json();
    const t0 = Date.now();
    const user = await authenticateApiKey(h.ctx.db, created.key, t0);
    expect(user).toMatchObject({ username: 'alice', scope: 'read_write', keyId: created.id });
    const lastUsed = async () => (await c.request({ method: 'GET', url: '/api/api-keys' })).json()[0].last_used_at;
    expect(await lastUsed()).toBe(new Date(t0).toISOString());
    await authenticateApiKey(h.ctx.db, created.key, t0 + 30_000);
    expect(await lastUsed()).toBe(new Date(t0).toISOString());
    await authenticateApiKey(h.ctx.db, created.key, t0 + 61_000);
    expect(await lastUsed()).toBe(new Date(t0 + 61_000).toISOString());

    expect(await authenticateApiKey(h.ctx.db, created.key, Date.parse(created.expires_at) + 1)).toBeNull();
    expect(await authenticateApiKey(h.ctx.db, `${created.key}x`)).toBeNull();
    expect(await authenticateApiKey(h.ctx.db, created.key.slice(4))).toBeNull();
  });

  it('is not a REST credential: a key gets 401 from the API', async () => {
    h = await createHarness();
    const c = await createUserAndSignIn(h, 'alice');
    const { key } = (await c.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'k' } })).json();
    const res = await h.app.inject({ method: 'GET', url: '/api/todos', headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(401);
  });

  it('lets only the owner delete a key', async () => {
    h = await createHarness();
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) =>
        (await owner.request({ method: 'POST', url: '/api/api-keys', payload: { name: 'mine' } })).json().id as number,
      requests: (id) => [{ method: 'DELETE', url: `/api/api-keys/${id}` }],
      stillThere: async (owner, id) => {
        const list = (await owner.request({ method: 'GET', url: '/api/api-keys' })).json();
        expect(list.map((k: { id: number }) => k.id)).toEqual([id]);
      },
    });
  });
});
