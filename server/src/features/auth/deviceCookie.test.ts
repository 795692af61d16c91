import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, MESSAGES } from '#common/constants.js';
import type { Db } from '../../db/index.js';
import { createHarness, type Harness, TEST_PASSWORD } from '../../test/harness.js';
import { addUser, removeUser, setPassword } from '../users/service.js';
import { DbLoginThrottle } from './dbThrottle.js';
import { signDeviceToken } from './deviceCookie.js';
import { MAX_DEVICES_PER_USER } from './service.js';
import { LoginThrottle, type Throttle } from './throttle.js';
import { hashToken, newToken } from './tokens.js';

let h: Harness;
afterEach(async () => h?.close());

const HOME = '127.0.0.1';
const ELSEWHERE = '203.0.113.7';

/** A sign-in from `ip` (in process: nothing is sent to that address), with a device cookie when given. */
const login = (username: string, password: string, ip = HOME, device?: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
    ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
  });

const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) =>
  res.cookies.find((c) => c.name === DEVICE_COOKIE) as
    | { value: string; path?: string; maxAge?: number; httpOnly?: boolean; sameSite?: string; secure?: boolean }
    | undefined;

/** Signs in once with the right password and returns the browser's device cookie. */
async function knownBrowser(username: string, ip = HOME) {
  const res = await login(username, TEST_PASSWORD, ip);
  expect(res.statusCode).toBe(200);
  const cookie = deviceCookieOf(res);
  if (!cookie) throw new Error('no device cookie');
  return cookie.value;
}

/** Fails `n` times as `username`, without a device cookie, from each of `ips`. */
async function failAs(username: string, n: number, ips: string[]) {
  for (const ip of ips) for (let i = 0; i < n; i++) await login(username, `wrong guess ${i}`, ip);
}

const expectRefused = (res: Awaited<ReturnType<typeof login>>) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: MESSAGES.tooManyAttempts });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

const throttles: Array<[string, (db: Db) => Throttle]> = [
  ['counters in memory', () => new LoginThrottle()],
  ['counters in the database', (db) => new DbLoginThrottle(db)],
];

for (const [kind, throttle] of throttles) {
  describe(`device cookies (${kind})`, () => {
    it('a sign-in sets a signed, long-lived, HttpOnly, strict device cookie for /api/auth; only its hash is kept', async () => {
      h = await createHarness({ throttle });
      await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
      const res = await login('alice', TEST_PASSWORD);
      const cookie = deviceCookieOf(res);
      expect(cookie).toMatchObject({ path: '/api/auth', maxAge: 365 * 24 * 3600, httpOnly: true, sameSite: 'Strict' });
      const [token, signature] = String(cookie?.value).split('.');
      expect(Buffer.from(String(token), 'base64url').length).toBe(32);
      expect(signature).toBeTruthy();
      expect(res.json()).toEqual({ token: expect.any(String), user: { username: 'alice' } });
      const rows = await h.ctx.db.selectFrom('device_cookies').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(hashToken(String(token)));
      expect(JSON.stringify(rows)).not.toContain(String(token));
      // Signing in again from that browser keeps its cookie.
      const again = await login('alice', TEST_PASSWORD, HOME, cookie?.value);
      expect(again.statusCode).toBe(200);
      expect(deviceCookieOf(again)).toBeUndefined();
      expect(await h.ctx.db.selectFrom('device_cookies').select('id').execute()).toHaveLength(1);
      expect(h.logs.join('')).not.toContain(String(token));
    });

    it("ten and more failures as alice, from elsewhere and from alice's own address, leave alice's known browser signing in", async () => {
      h = await createHarness({ throttle });
      await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
      await addUser(h.ctx.db, 'bob', TEST_PASSWORD, false);
      const device = await knownBrowser('alice');
      // The same address first (it is then held too), then others.
      await failAs('alice', 12, [HOME, ELSEWHERE, '198.51.100.2']);
      // Without the device cookie the right password waits, at home and elsewhere; home is held for everyone.
      expectRefused(await login('alice', TEST_PASSWORD));
      expectRefused(await login('alice', TEST_PASSWORD, '192.0.2.55'));
      expectRefused(await login('bob', TEST_PASSWORD));
      // With it, alice signs in, from home and from anywhere else.
      expect((await login('alice', TEST_PASSWORD, HOME, device)).statusCode).toBe(200);
      expect((await login('alice', TEST_PASSWORD, ELSEWHERE, device)).statusCode).toBe(200);
      // Her sign-ins leave the lock on the name: the guesser is still held.
      expectRefused(await login('alice', 'one more guess', ELSEWHERE));
    });

    it("a device cookie taken from bob does nothing for alice, and alice's guesser does not hold bob's browser", async () => {
      h = await createHarness({ throttle });
      await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
      await addUser(h.ctx.db, 'bob', TEST_PASSWORD, false);
      const bobs = await knownBrowser('bob', '198.51.100.9');
      // Failures with bob's cookie count as failures without one: on alice's name and the address.
      for (let i = 0; i < 10; i++)
        expect((await login('alice', `guess ${i}`, ELSEWHERE, bobs)).statusCode, `guess ${i}`).toBe(401);
      expectRefused(await login('alice', TEST_PASSWORD, ELSEWHERE, bobs));
      expectRefused(await login('alice', TEST_PASSWORD, '192.0.2.1', bobs));
      expect((await login('bob', TEST_PASSWORD, ELSEWHERE, bobs)).statusCode).toBe(200);
    });

    it('a forged, altered or unknown device cookie is no cookie', async () => {
      h = await createHarness({ throttle });
      await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
      const real = await knownBrowser('alice');
      await failAs('alice', 10, [ELSEWHERE]);
      const [token] = real.split('.');
      const forged = [
        'garbage',
        `${token}`,
        `${token}.`,
        `${token}.${'A'.repeat(43)}`,
        `${newToken()}.${real.split('.')[1]}`,
        // Signed with this installation's key, but never issued.
        signDeviceToken(h.ctx.config, newToken()),
        // Issued by another installation (another key).
        signDeviceToken({ secretKey: 'another installation', dataDir: h.ctx.config.dataDir }, String(token)),
        `${real}x`,
        'x'.repeat(5000),
      ];
      for (const value of forged) expectRefused(await login('alice', TEST_PASSWORD, HOME, value));
      expect((await login('alice', TEST_PASSWORD, HOME, real)).statusCode).toBe(200);
    });

    it("a device's own failures make that device wait, and neither the name nor the address", async () => {
      h = await createHarness({ throttle });
      await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
      const laptop = await knownBrowser('alice');
      const phone = await knownBrowser('alice');
      for (let i = 0; i < 5; i++) expect((await login('alice', `typo ${i}`, HOME, laptop)).statusCode).toBe(401);
      const waiting = await login('alice', TEST_PASSWORD, HOME, laptop);
      expectRefused(waiting);
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(10);
      expect((await login('alice', TEST_PASSWORD, HOME, phone)).statusCode).toBe(200);
      expect((await login('alice', TEST_PASSWORD, HOME)).statusCode).toBe(200);
    });

    it('a password change revokes the user’s device cookies; removing the user removes them', async () => {
      h = await createHarness({ throttle });
      await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
      await addUser(h.ctx.db, 'bob', TEST_PASSWORD, false);
      const device = await knownBrowser('alice');
      await knownBrowser('bob');
      await setPassword(h.ctx.db, 'alice', 'a brand new password');
      const left = await h.ctx.db
        .selectFrom('device_cookies')
        .innerJoin('users', 'users.id', 'device_cookies.user_id')
        .select('users.username')
        .execute();
      expect(left).toEqual([{ username: 'bob' }]);
      await failAs('alice', 10, [ELSEWHERE]);
      expectRefused(await login('alice', 'a brand new password', HOME, device));
      await removeUser(h.ctx.db, 'bob');
      expect(await h.ctx.db.selectFrom('device_cookies').select('id').execute()).toEqual([]);
    });

    it('of 1,000 wrong guesses at once from one address, at least 99% are refused before hashing; the owner’s browser still signs in', async () => {
      h = await createHarness({ throttle });
      await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
      const device = await knownBrowser('alice');
      const statuses = await Promise.all(
        Array.from({ length: 1000 }, (_, i) => login('alice', `guess ${i}`).then((r) => r.statusCode)),
      );
      const hashed = statuses.filter((s) => s === 401).length;
      const refused = statuses.filter((s) => s === 429).length;
      expect(hashed + refused).toBe(1000);
      expect(refused / 1000).toBeGreaterThanOrEqual(0.99);
      expect(hashed).toBe(10);
      expect((await login('alice', TEST_PASSWORD, HOME, device)).statusCode).toBe(200);
    });
  });
}

describe('device cookies over time and in number', () => {
  it('a device cookie ends after a year; the cleanup deletes it', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    h = await createHarness({ now: () => now, throttle: () => new LoginThrottle() });
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    const device = await knownBrowser('alice');
    now += 366 * 24 * 3600 * 1000;
    await failAs('alice', 10, [ELSEWHERE]);
    expectRefused(await login('alice', TEST_PASSWORD, HOME, device));
    await h.ctx.auth.pruneExpired();
    expect(await h.ctx.db.selectFrom('device_cookies').select('id').execute()).toEqual([]);
  });

  it(`keeps the ${MAX_DEVICES_PER_USER} most recently used browsers of a user`, async () => {
    h = await createHarness({ throttle: () => new LoginThrottle() });
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    const first = await knownBrowser('alice');
    for (let i = 0; i < MAX_DEVICES_PER_USER; i++) await knownBrowser('alice');
    expect(await h.ctx.db.selectFrom('device_cookies').select('id').execute()).toHaveLength(MAX_DEVICES_PER_USER);
    // The oldest went: its browser is a stranger again, and gets a new cookie at its next sign-in.
    const res = await login('alice', TEST_PASSWORD, HOME, first);
    expect(deviceCookieOf(res)).toBeDefined();
  });

  it('the session and device cookies are Secure when COOKIE_SECURE is set', async () => {
    h = await createHarness({ env: { COOKIE_SECURE: 'true' } });
    await addUser(h.ctx.db, 'alice', TEST_PASSWORD, false);
    const res = await login('alice', TEST_PASSWORD);
    expect(res.cookies.map((c) => [c.name, (c as { secure?: boolean }).secure])).toEqual([
      ['daymark_session', true],
      [DEVICE_COOKIE, true],
    ]);
  });
});
