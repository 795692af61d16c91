import { describe, expect, it } from 'vitest';
import { LoginThrottle, RefusalPacer } from './throttle.js';

describe('LoginThrottle', () => {
  it('lets a username through up to its limit, then refuses it until the window passes; a success clears it', () => {
    let now = 0;
    const t = new LoginThrottle({ windowMs: 1000, perIp: 100, perUsername: 2 }, () => now);
    expect(t.acquire('1.1.1.1', 'Alice')).toBe(0);
    expect(t.acquire('2.2.2.2', 'alice')).toBe(0);
    // Counted when let through: the third attempt is refused before any hashing.
    expect(t.acquire('3.3.3.3', 'ALICE')).toBe(1);
    now = 1000;
    expect(t.acquire('3.3.3.3', 'alice')).toBe(0);
    expect(t.acquire('1.1.1.1', 'bob')).toBe(0);
    expect(t.acquire('1.1.1.1', 'bob')).toBe(0);
    t.recordSuccess('1.1.1.1', 'bob');
    expect(t.acquire('1.1.1.1', 'bob')).toBe(0);
  });

  it('refuses an address that tries many usernames; signing in does not count against it', () => {
    const t = new LoginThrottle({ windowMs: 1000, perIp: 3, perUsername: 100 }, () => 0);
    expect(t.acquire('7.7.7.7', 'carol')).toBe(0);
    t.recordSuccess('7.7.7.7', 'carol');
    for (const u of ['a', 'b', 'c']) expect(t.acquire('9.9.9.9', u)).toBe(0);
    expect(t.acquire('9.9.9.9', 'zed')).toBeGreaterThan(0);
    expect(t.acquire('8.8.8.8', 'zed')).toBe(0);
    // Many successful sign-ins from one address (an office) never lock it.
    for (let i = 0; i < 10; i++) {
      expect(t.acquire('7.7.7.7', `user${i}`)).toBe(0);
      t.recordSuccess('7.7.7.7', `user${i}`);
    }
  });
});

describe('RefusalPacer', () => {
  it('answers each further refusal from an address later, up to a ceiling, per address and per window', () => {
    let now = 0;
    const p = new RefusalPacer({ stepMs: 20, maxMs: 250, windowMs: 1000, now: () => now, random: () => 1 });
    expect([1, 2, 3].map(() => p.delay('9.9.9.9'))).toEqual([20, 40, 60]);
    expect(p.delay('8.8.8.8')).toBe(20);
    for (let i = 0; i < 20; i++) p.delay('9.9.9.9');
    expect(p.delay('9.9.9.9')).toBe(250);
    now = 1000;
    expect(p.delay('9.9.9.9')).toBe(20);
  });

  it('draws each wait between half and all of it, so refusals to one script do not arrive in step', () => {
    const draws = [0, 0.5, 0.999];
    const p = new RefusalPacer({
      stepMs: 20,
      maxMs: 1000,
      windowMs: 1000,
      now: () => 0,
      random: () => draws.shift() ?? 0,
    });
    // 20 ms × 1, 2, 3 refusals, scaled by 0.5, 0.75 and almost 1.
    expect([1, 2, 3].map(() => p.delay('9.9.9.9'))).toEqual([10, 30, 60]);
    // The defaults: at most a second, never less than half of the step's total.
    const d = new RefusalPacer();
    const waits = Array.from({ length: 200 }, () => d.delay('7.7.7.7'));
    expect(Math.max(...waits)).toBeLessThanOrEqual(1000);
    expect(waits.slice(100).every((w) => w >= 500)).toBe(true);
    expect(new Set(waits.slice(100)).size).toBeGreaterThan(10);
  });
});
