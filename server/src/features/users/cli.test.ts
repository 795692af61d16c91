import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, MESSAGES } from '#common/constants.js';
import { cliBundle, runCli } from '../../test/cli.js';
import { createHarness, type Harness, signIn } from '../../test/harness.js';
import { DbLoginThrottle } from '../auth/dbThrottle.js';

let h: Harness;
let cli: string;
beforeAll(async () => {
  cli = await cliBundle();
}, 120_000);
afterEach(async () => h?.close());

/** Runs `npm run users -- …` as a user would, against the harness's database. */
function users(args: string[], input = '') {
  return runCli(cli, ['users', ...args], { ...process.env, ...h.env, LOG_LEVEL: 'silent' }, input);
}

// Each call starts a process; generous time so a busy machine does not fail it.
describe('users CLI', { timeout: 120_000 }, () => {
  it('adds a user with the password from standard input, lists, and removes them with their data', async () => {
    h = await createHarness();
    const add = users(['add', 'carol', '--admin'], 'a long password\n');
    expect(add.err).toBe('');
    expect(add.code).toBe(0);
    expect(add.out).toContain("Created user 'carol' (administrator)");

    const carol = await signIn(h, 'carol', 'a long password');
    const me = await carol.request({ method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toEqual({ user: { username: 'carol', is_admin: true, timezone: null } });

    expect(users(['list']).out).toMatch(/carol\s+\(administrator\)/);
    expect(users(['add', 'carol'], 'another password').code).toBe(1);
    expect(users(['add', 'dave'], 'short').err).toContain('at least 8 characters');

    const remove = users(['remove', 'carol']);
    expect(remove.code).toBe(0);
    expect((await carol.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const left = await h.ctx.db.selectFrom('sessions').select('id').execute();
    expect(left).toHaveLength(0);
    expect(users(['remove', 'carol']).err).toContain("No user 'carol'");
  });

  it("changes a password, signs the user out and revokes their browsers' device cookies", async () => {
    h = await createHarness();
    users(['add', 'erin'], 'first password');
    users(['add', 'gus'], 'gus password');
    const erin = await signIn(h, 'erin', 'first password');
    await signIn(h, 'gus', 'gus password');
    const devices = () =>
      h.ctx.db
        .selectFrom('device_cookies')
        .innerJoin('users', 'users.id', 'device_cookies.user_id')
        .select('users.username')
        .orderBy('users.username')
        .execute();
    expect(await devices()).toEqual([{ username: 'erin' }, { username: 'gus' }]);
    const passwd = users(['passwd', 'erin'], 'second password');
    expect(passwd.code).toBe(0);
    expect(passwd.out).toContain('device cookies revoked');
    expect((await erin.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect(await devices()).toEqual([{ username: 'gus' }]);
    await signIn(h, 'erin', 'second password');
  });

  it("unlock lifts a username's wait at once", async () => {
    h = await createHarness({ throttle: (db) => new DbLoginThrottle(db) });
    users(['add', 'hana'], 'hana password');
    const login = (password: string, remoteAddress: string, device?: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'hana', password },
        remoteAddress,
        ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
      });
    for (let i = 0; i < 10; i++) expect((await login(`guess ${i}`, `198.51.100.${i}`)).statusCode).toBe(401);
    const held = await login('hana password', '192.0.2.1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ error: MESSAGES.tooManyAttempts });
    const unlock = users(['unlock', 'Hana']);
    expect(unlock.code).toBe(0);
    expect(unlock.out).toContain("Lifted the sign-in wait for 'Hana'");
    expect((await login('hana password', '192.0.2.1')).statusCode).toBe(200);
    expect(users(['unlock', 'hana']).out).toMatch(/No sign-in wait was held|restart it/);
    expect(users(['unlock']).code).toBe(2);
  });

  it('cannot be fooled by odd usernames, stray arguments or misspelt flags', async () => {
    h = await createHarness();
    expect(users(['add', 'frank'], 'a long password').code).toBe(0);
    // A name that reads as a flag, after `--`, is not a username.
    const flagLike = users(['add', '--', '--admin'], 'a long password');
    expect(flagLike.code).toBe(1);
    expect(flagLike.err).toContain('starting with a letter or digit');
    // A misspelt flag is refused, not ignored (which would create a non-administrator).
    expect(users(['add', 'grace', '--admni'], 'a long password').code).toBe(2);
    // Two names: nothing is guessed.
    expect(users(['remove', 'frank', 'grace']).code).toBe(2);
    expect(users(['passwd', 'frank', '--admin'], 'a new password').code).toBe(2);
    // A name differing only in case would pass for the other on screen.
    const twin = users(['add', 'Frank'], 'a long password');
    expect(twin.code).toBe(1);
    expect(twin.err).toContain("User 'frank' already exists");
    for (const odd of ['fr ank', 'frank\n', 'frаnk', '../frank', "frank'--", 'x'.repeat(65)]) {
      expect(users(['add', odd], 'a long password').code, JSON.stringify(odd)).toBe(1);
    }
    const names = (await h.ctx.db.selectFrom('users').select('username').execute()).map((u) => u.username);
    expect(names).toEqual(['frank']);
    await signIn(h, 'frank', 'a long password');
  });
});
