import { expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Throttle, type ThrottleLimits } from '../features/auth/throttle.js';

/** Small limits and short waits for tests: 2 per username and address, 2 per device. */
export const TEST_LIMITS: ThrottleLimits = {
  ...DEFAULT_LIMITS,
  perIp: 100,
  perUsername: 2,
  perDevice: 2,
  firstWaitMs: 1000,
  deviceFirstWaitMs: 500,
  maxWaitMs: 4000,
  forgetMs: 10_000,
};

/** A throttle under test on a clock the test moves. */
export type MakeThrottle = (limits: ThrottleLimits, now: () => number) => Promise<Throttle>;

/**
 * What every throttle does, whether its counters are in memory or in the database: the same
 * scenarios run against both (throttle.test.ts, dbThrottle.test.ts).
 */
export function throttleBehaviour(make: MakeThrottle) {
  let now = Date.parse('2026-11-23T10:00:00Z');
  const clock = () => now;
  const at = async (t: Throttle, ip: string, username: string, device?: string) =>
    await t.acquire(ip, username, device);

  it('never refuses below the limit when attempts are counted out of clock order (instances, a wait for the lock)', async () => {
    const t = await make(TEST_LIMITS, clock);
    const start = now;
    expect(await at(t, '5.5.5.5', 'carol')).toBe(0);
    // Another instance read its clock a moment earlier and counted after: below the limit, no wait.
    now = start - 250;
    expect(await at(t, '5.5.5.5', 'carol')).toBe(0);
    now = start + 1;
    await t.recordSuccess('5.5.5.5', 'carol');
    now = start - 100;
    expect(await at(t, '5.5.5.5', 'dave')).toBe(0);
    now = start;
  });

  it('lets a username through up to its limit, then makes it wait, longer after each further failure', async () => {
    const t = await make(TEST_LIMITS, clock);
    expect(await at(t, '1.1.1.1', 'Alice')).toBe(0);
    expect(await at(t, '2.2.2.2', 'alice')).toBe(0);
    // Counted when let through: the third attempt is refused before any hashing.
    expect(await at(t, '3.3.3.3', 'ALICE')).toBe(1);
    // Refusals do not make the wait longer.
    for (let i = 0; i < 5; i++) await at(t, '3.3.3.3', 'alice');
    now += 1000;
    expect(await at(t, '3.3.3.3', 'alice')).toBe(0);
    expect(await at(t, '4.4.4.4', 'alice')).toBe(2);
    now += 2000;
    expect(await at(t, '3.3.3.3', 'alice')).toBe(0);
    // 4 s is the ceiling.
    expect(await at(t, '3.3.3.3', 'alice')).toBe(4);
    now += 4000;
    expect(await at(t, '3.3.3.3', 'alice')).toBe(0);
    expect(await at(t, '3.3.3.3', 'alice')).toBe(4);
    // Other usernames are not held.
    expect(await at(t, '3.3.3.3', 'bob')).toBe(0);
  });

  it('forgets a username left alone after its wait, and a success clears it at once', async () => {
    const t = await make(TEST_LIMITS, clock);
    await at(t, '1.1.1.1', 'carol');
    await at(t, '1.1.1.1', 'carol');
    expect(await at(t, '1.1.1.1', 'carol')).toBe(1);
    now += 1000 + 10_000;
    expect(await at(t, '1.1.1.1', 'carol')).toBe(0);
    expect(await at(t, '1.1.1.1', 'carol')).toBe(0);
    await t.recordSuccess('1.1.1.1', 'carol');
    expect(await at(t, '1.1.1.1', 'carol')).toBe(0);
    expect(await at(t, '1.1.1.1', 'carol')).toBe(0);
  });

  it('makes an address that tries many usernames wait; signing in does not count against it', async () => {
    const t = await make({ ...TEST_LIMITS, perIp: 3, perUsername: 100 }, clock);
    expect(await at(t, '7.7.7.7', 'carol')).toBe(0);
    await t.recordSuccess('7.7.7.7', 'carol');
    for (const u of ['a', 'b', 'c']) expect(await at(t, '9.9.9.9', u)).toBe(0);
    expect(await at(t, '9.9.9.9', 'zed')).toBeGreaterThan(0);
    expect(await at(t, '8.8.8.8', 'zed')).toBe(0);
    // Many successful sign-ins from one address (an office) never make it wait.
    for (let i = 0; i < 10; i++) {
      expect(await at(t, '7.7.7.7', `user${i}`)).toBe(0);
      await t.recordSuccess('7.7.7.7', `user${i}`);
    }
  });

  it("counts a known device's attempts on that device alone, whatever holds the username and the address", async () => {
    const t = await make({ ...TEST_LIMITS, perIp: 2 }, clock);
    // Someone fails as dave from the owner's own address until both must wait.
    await at(t, '5.5.5.5', 'dave');
    await at(t, '5.5.5.5', 'dave');
    expect(await at(t, '5.5.5.5', 'dave')).toBeGreaterThan(0);
    // Dave's known browser, at that address, goes through, and signing in leaves the lock on the name.
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(0);
    await t.recordSuccess('5.5.5.5', 'dave', '41');
    expect(await at(t, '6.6.6.6', 'dave')).toBeGreaterThan(0);
    // The device's own failures make that device wait, and no one else.
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(0);
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(0);
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(1);
    expect(await at(t, '5.5.5.5', 'dave', '42')).toBe(0);
    now += 500;
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(0);
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(1);
    // A device's success starts it afresh.
    now += 1000;
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(0);
    await t.recordSuccess('5.5.5.5', 'dave', '41');
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(0);
    expect(await at(t, '5.5.5.5', 'dave', '41')).toBe(0);
    // Its failures were never the name's nor the address's: each is one failure past its limit.
    expect(await at(t, '6.6.6.6', 'dave')).toBe(0);
    expect(await at(t, '6.6.6.6', 'dave')).toBe(2);
    expect(await at(t, '5.5.5.5', 'frank')).toBe(0);
    expect(await at(t, '5.5.5.5', 'gina')).toBe(2);
  });
}
