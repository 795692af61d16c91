import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { DbLoginThrottle } from './dbThrottle.js';

let h: Harness;
afterEach(async () => h?.close());

describe('DbLoginThrottle (counters in the database)', () => {
  it('lets a username through up to its limit until the window passes, and a success clears it', async () => {
    h = await createHarness();
    let now = Date.parse('2026-11-23T10:00:00Z');
    const t = new DbLoginThrottle(h.ctx.db, { windowMs: 1000, perIp: 100, perUsername: 2 }, () => now);
    expect(await t.acquire('1.1.1.1', 'Alice')).toBe(0);
    expect(await t.acquire('2.2.2.2', 'alice')).toBe(0);
    expect(await t.acquire('3.3.3.3', 'ALICE')).toBe(1);
    now += 1000;
    // The window has passed: the next attempt starts a new count.
    expect(await t.acquire('3.3.3.3', 'alice')).toBe(0);
    expect(await t.acquire('1.1.1.1', 'bob')).toBe(0);
    expect(await t.acquire('1.1.1.1', 'bob')).toBe(0);
    await t.recordSuccess('1.1.1.1', 'bob');
    expect(await t.acquire('1.1.1.1', 'bob')).toBe(0);
  });

  it('lets exactly the limit through when attempts arrive at once on several instances', async () => {
    h = await createHarness();
    const a = new DbLoginThrottle(h.ctx.db, { windowMs: 60_000, perIp: 20, perUsername: 1000 });
    const b = new DbLoginThrottle(h.ctx.db, { windowMs: 60_000, perIp: 20, perUsername: 1000 });
    const waits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).acquire('9.9.9.9', `user${i}`)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(20);
    expect(await a.acquire('9.9.9.9', 'zed')).toBeGreaterThan(0);
    expect(await b.acquire('8.8.8.8', 'zed')).toBe(0);
  });
});
