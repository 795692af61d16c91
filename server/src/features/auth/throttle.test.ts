import { describe, expect, it } from 'vitest';
import { throttleBehaviour } from '../../test/throttleBehaviour.js';
import { waitAfter } from './backoff.js';
import { LoginThrottle, RefusalPacer } from './throttle.js';

describe('LoginThrottle (counters in memory)', () => {
  throttleBehaviour(async (limits, now) => new LoginThrottle(limits, now));
});

describe('backoff', () => {
  const rule = { limit: 10, firstWaitMs: 60_000, maxWaitMs: 15 * 60_000, forgetMs: 15 * 60_000 };
  it('waits a minute after the tenth failure, doubling to 15 minutes', () => {
    const waits = Array.from({ length: 16 }, (_, i) => waitAfter(i + 1, rule) / 60_000);
    expect(waits).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 15, 15, 15]);
    expect(waitAfter(10_000, rule)).toBe(15 * 60_000);
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
