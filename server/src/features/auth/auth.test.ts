import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_COOKIE } from '#common/constants.js';
import { createHarness, createUserAndSignIn, type Harness, signIn, TEST_PASSWORD } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { addUser, setPassword } from '../users/service.js';
import { DEFAULT_LIMITS, LoginThrottle } from './throttle.js';

let h: Harness;
afterEach(async () => h?.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

describe('login', () => {
  it('returns a 256-bit token and the user, and sets a strict HttpOnly cookie', async () => {
    h = await createHarness();
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    const res = await login({ username: 'alice', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ username: 'alice' });
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=${body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const stored = await h.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(body.token);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    h = await createHarness();
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    const wrong = await login({ username: 'alice', password: 'nope-nope' });
    const unknown = await login({ username: 'mallory', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires username and password after trimming', async () => {
    h = await createHarness();
    for (const payload of [
      { username: '   ', password: 'x' },
      { username: 'alice', password: '' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.loginRequired });
    }
    const missing = await login({ username: 'alice' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^password: /);
  });

  it('throttles guessing per username, even the right password, with 429 and Retry-After', async () => {
    h = await createHarness({ throttle: new LoginThrottle({ ...DEFAULT_LIMITS, perIp: 100, perUsername: 3 }) });
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    for (let i = 0; i < 3; i++)
      expect((await login({ username: 'alice', password: `guess${i}` })).statusCode).toBe(401);
    const blocked = await login({ username: 'alice', password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles one address trying many usernames', async () => {
    h = await createHarness({ throttle: new LoginThrottle({ ...DEFAULT_LIMITS, perIp: 4, perUsername: 100 }) });
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    for (let i = 0; i < 4; i++) await login({ username: `user${i}`, password: 'x' });
    expect((await login({ username: 'alice', password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  it('never writes the password or the token to the log', async () => {
    h = await createHarness();
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    const res = await login({ username: 'alice', password: TEST_PASSWORD });
    await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `${SESSION_COOKIE}=${res.json().token}` },
    });
    const text = h.logs.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain(res.json().token);
  });
});

describe('session', () => {
  it('me returns the user with the admin flag; without a token 401', async () => {
    h = await createHarness();
    const admin = await createUserAndSignIn(h, 'root', true);
    const me = await admin.request({ method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toEqual({ user: { username: 'root', is_admin: true, timezone: null } });
    const anon = await h.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: MESSAGES.authRequired });
    const bogus = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer nope' } });
    expect(bogus.statusCode).toBe(401);
  });

  it('rotates the session on sign-in: a new token, and the one the browser held before ends', async () => {
    h = await createHarness();
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    const first = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'alice', password: TEST_PASSWORD },
    });
    const old = first.json().token as string;
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: `${SESSION_COOKIE}=${old}`, 'sec-fetch-site': 'same-origin' },
      payload: { username: 'alice', password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const fresh = again.json().token as string;
    expect(fresh).not.toBe(old);
    const me = (token: string) =>
      h.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(old)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    // A token planted before sign-in (fixation) is never the session's: the server makes its own.
    const planted = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: `${SESSION_COOKIE}=attacker-chosen-value`, 'sec-fetch-site': 'same-origin' },
      payload: { username: 'alice', password: TEST_PASSWORD },
    });
    expect(planted.json().token).not.toBe('attacker-chosen-value');
    expect(String(planted.headers['set-cookie'])).not.toContain('attacker-chosen-value');
  });

  it('logout revokes the token on the server and clears the cookie', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const out = await alice.request({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await alice.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('a password change signs the user out everywhere', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    await setPassword(h.ctx.db, 'alice', 'a brand new password');
    expect((await alice.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    await expect(signIn(h, 'alice')).rejects.toThrow(/401/);
    await signIn(h, 'alice', 'a brand new password');
  });

  it('expires after the idle time and after the absolute lifetime', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    h = await createHarness({ now: () => now });
    const alice = await createUserAndSignIn(h, 'alice');
    const me = () => alice.request({ method: 'GET', url: '/api/auth/me' });
    const day = 24 * 3600 * 1000;
    // Used every 10 days: never idle for 14 days, so it lives until the 90-day limit.
    for (let d = 10; d < 90; d += 10) {
      now += 10 * day;
      expect((await me()).statusCode, `day ${d}`).toBe(200);
    }
    now += 10 * day;
    expect((await me()).statusCode).toBe(401);

    const bob = await createUserAndSignIn(h, 'bob');
    now += 14 * day + 1000;
    expect((await bob.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('lists the sessions and revokes one; another user gets 404 for it', async () => {
    h = await createHarness();
    const phone = await createUserAndSignIn(h, 'alice');
    const laptop = await signIn(h, 'alice');
    const list = (await laptop.request({ method: 'GET', url: '/api/auth/sessions' })).json().sessions;
    expect(list).toHaveLength(2);
    const phoneSession = list.find((s: { current: boolean }) => !s.current);
    const del = await laptop.request({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}` });
    expect(del.statusCode).toBe(204);
    expect((await phone.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    await expectOnlyOwnerCanReach(h, {
      create: async (owner) =>
        (await owner.request({ method: 'GET', url: '/api/auth/sessions' })).json().sessions[0].id,
      requests: (id) => [{ method: 'DELETE', url: `/api/auth/sessions/${id}` }],
      stillThere: async (owner) => {
        expect((await owner.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
      },
    });
  });
});

describe('cookie sessions and the Origin rule', () => {
  const cookieFor = (token: string) => `${SESSION_COOKIE}=${token}`;

  it('accepts the cookie for reads', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const res = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieFor(alice.token) } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated change without a same-origin Origin', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const headers = { cookie: cookieFor(alice.token), host: 'daymark.test' };
    const noOrigin = await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json()).toEqual({ error: MESSAGES.crossOrigin });
    const foreign = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await alice.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const same = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, origin: 'http://daymark.test' },
    });
    expect(same.statusCode).toBe(200);
    expect((await alice.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('refuses any change that names a foreign origin, even with a bearer token', async () => {
    h = await createHarness();
    const alice = await createUserAndSignIn(h, 'alice');
    const res = await alice.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
