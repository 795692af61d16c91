import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './throttle.js';

describe('LoginThrottle', () => {
  it('blocks a username after its limit until the window passes, and a success clears it', () => {
    let now = 0;
    const t = new LoginThrottle({ windowMs: 1000, perIp: 100, perUsername: 2 }, () => now);
    t.recordFailure('1.1.1.1', 'Alice');
    expect(t.retryAfter('1.1.1.1', 'alice')).toBe(0);
    t.recordFailure('2.2.2.2', 'alice');
    expect(t.retryAfter('3.3.3.3', 'ALICE')).toBe(1);
    now = 1000;
    expect(t.retryAfter('3.3.3.3', 'alice')).toBe(0);
    t.recordFailure('1.1.1.1', 'bob');
    t.recordSuccess('bob');
    t.recordFailure('1.1.1.1', 'bob');
    expect(t.retryAfter('1.1.1.1', 'bob')).toBe(0);
  });

  it('blocks an address that tries many usernames', () => {
    const t = new LoginThrottle({ windowMs: 1000, perIp: 3, perUsername: 100 }, () => 0);
    for (const u of ['a', 'b', 'c']) t.recordFailure('9.9.9.9', u);
    expect(t.retryAfter('9.9.9.9', 'zed')).toBeGreaterThan(0);
    expect(t.retryAfter('8.8.8.8', 'zed')).toBe(0);
  });
});
