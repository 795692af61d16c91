import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { DbLoginThrottle } from './dbThrottle.js';

let h: Harness;
afterEach(async () => h?.close());

describe('DbLoginThrottle (counters in the database)', () => {
  it('blocks a username after its limit until the window passes, and a success clears it', async () => {
    h = await createHarness();
    let now = Date.parse('2026-11-23T10:00:00Z');
    const t = new DbLoginThrottle(h.ctx.db, { windowMs: 1000, perIp: 100, perUsername: 2 }, () => now);
    await t.recordFailure('1.1.1.1', 'Alice');
    expect(await t.retryAfter('1.1.1.1', 'alice')).toBe(0);
    await t.recordFailure('2.2.2.2', 'alice');
    expect(await t.retryAfter('3.3.3.3', 'ALICE')).toBe(1);
    now += 1000;
    expect(await t.retryAfter('3.3.3.3', 'alice')).toBe(0);
    // The window has passed: the next failure starts a new count.
    await t.recordFailure('1.1.1.1', 'alice');
    expect(await t.retryAfter('1.1.1.1', 'alice')).toBe(0);
    await t.recordFailure('1.1.1.1', 'bob');
    await t.recordSuccess('bob');
    await t.recordFailure('1.1.1.1', 'bob');
    expect(await t.retryAfter('1.1.1.1', 'bob')).toBe(0);
  });

  it('counts concurrent failures from several instances, and blocks an address trying many usernames', async () => {
    h = await createHarness();
    const a = new DbLoginThrottle(h.ctx.db, { windowMs: 60_000, perIp: 20, perUsername: 1000 });
    const b = new DbLoginThrottle(h.ctx.db, { windowMs: 60_000, perIp: 20, perUsername: 1000 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).recordFailure('9.9.9.9', `user${i}`)));
    const row = await h.ctx.db
      .selectFrom('login_attempts')
      .selectAll()
      .where('key', '=', 'ip:9.9.9.9')
      .executeTakeFirst();
    expect(row?.count).toBe(20);
    expect(await a.retryAfter('9.9.9.9', 'zed')).toBeGreaterThan(0);
    expect(await b.retryAfter('8.8.8.8', 'zed')).toBe(0);
  });
});
