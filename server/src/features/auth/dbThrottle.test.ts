import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { TEST_LIMITS, throttleBehaviour } from '../../test/throttleBehaviour.js';
import { clearUsernameLock, DbLoginThrottle } from './dbThrottle.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('DbLoginThrottle (counters in the database)', () => {
  throttleBehaviour(async (limits, now) => {
    h = await createHarness();
    return new DbLoginThrottle(h.ctx.db, limits, now);
  });

  it('lets exactly the limit through when attempts arrive at once on several instances', async () => {
    h = await createHarness();
    const limits = { ...TEST_LIMITS, perIp: 20, perUsername: 1000, firstWaitMs: 60_000 };
    const a = new DbLoginThrottle(h.ctx.db, limits);
    const b = new DbLoginThrottle(h.ctx.db, limits);
    const waits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).acquire('9.9.9.9', `user${i}`)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(20);
    expect(await a.acquire('9.9.9.9', 'zed')).toBeGreaterThan(0);
    expect(await b.acquire('8.8.8.8', 'zed')).toBe(0);
    // One username from many addresses at once: the same.
    const byName = { ...limits, perIp: 1000, perUsername: 20 };
    const [c, d] = [new DbLoginThrottle(h.ctx.db, byName), new DbLoginThrottle(h.ctx.db, byName)];
    const one = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? c : d).acquire(`10.0.0.${i}`, 'alice', null)),
    );
    expect(one.filter((w) => w === 0)).toHaveLength(20);
  });

  it("clearUsernameLock lifts a username's wait and leaves the address's", async () => {
    h = await createHarness();
    const t = new DbLoginThrottle(h.ctx.db, { ...TEST_LIMITS, perIp: 2, firstWaitMs: 60_000 });
    await t.acquire('1.1.1.1', 'Alice');
    await t.acquire('1.1.1.1', 'alice');
    expect(await t.acquire('2.2.2.2', 'alice')).toBeGreaterThan(0);
    expect(await clearUsernameLock(h.ctx.db, 'ALICE')).toBe(true);
    expect(await t.acquire('2.2.2.2', 'alice')).toBe(0);
    expect(await t.acquire('1.1.1.1', 'bob')).toBeGreaterThan(0);
    expect(await clearUsernameLock(h.ctx.db, 'nobody')).toBe(false);
  });
});
