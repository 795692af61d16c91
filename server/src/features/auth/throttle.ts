import { type Counter, counted, type Rule, retrySeconds, waitLeft } from './backoff.js';

/**
 * How many failed sign-ins each key takes before it waits, and how the wait grows (backoff.ts).
 * A sign-in from a browser that holds a device cookie of that username (deviceCookie.ts) is held
 * to that device's own counter only; every other one to its address's and its username's.
 */
export interface ThrottleLimits {
  perIp: number;
  perUsername: number;
  perDevice: number;
  /** The first wait once an address or a username reached its limit; each further failure doubles it. */
  firstWaitMs: number;
  /** The same for a device: shorter, it is the owner's own browser mistyping. */
  deviceFirstWaitMs: number;
  maxWaitMs: number;
  /** A key is forgotten after this long without an attempt once its wait has ended. */
  forgetMs: number;
}

/** Where the counters live: this process's memory, or the database (dbThrottle.ts). */
export interface Throttle {
  /**
   * Seconds until the caller may try again (refused), or 0: the attempt is let through and counted
   * (before its password is hashed). `device` names a device cookie verified to be this
   * username's: the attempt is then counted on that device alone.
   */
  acquire(ip: string, username: string, device?: string | null): number | Promise<number>;
  /** The attempt signed in: it no longer counts against the address, and the username (or device) starts afresh. */
  recordSuccess(ip: string, username: string, device?: string | null): void | Promise<void>;
}

const MINUTE = 60_000;

/**
 * Ten failed sign-ins per username and per address, then a minute's wait that doubles with each
 * further failure up to 15 minutes; five per known browser, then 10 s doubling the same way.
 * Successful ones do not count, so a household or office behind one address is only slowed by
 * its own mistyped passwords. A flood of guesses ends within the first wait: of 1,000 guesses,
 * 20 at a time, the ten the limit lets through are the only ones hashed.
 */
export const DEFAULT_LIMITS: ThrottleLimits = {
  perIp: 10,
  perUsername: 10,
  perDevice: 5,
  firstWaitMs: MINUTE,
  deviceFirstWaitMs: 10_000,
  maxWaitMs: 15 * MINUTE,
  forgetMs: 15 * MINUTE,
};

/** The counter key of a username (names differing in case are one). */
export const usernameKey = (username: string) => `user:${username.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;
export const deviceKey = (device: string) => `device:${device}`;

/** The keys an attempt is counted on, each with its rule, in key order (the database locks them so). */
export function keysOf(limits: ThrottleLimits, ip: string, username: string, device?: string | null) {
  const rule = (limit: number, firstWaitMs: number): Rule => ({
    limit,
    firstWaitMs,
    maxWaitMs: limits.maxWaitMs,
    forgetMs: limits.forgetMs,
  });
  if (device) return [{ key: deviceKey(device), rule: rule(limits.perDevice, limits.deviceFirstWaitMs) }];
  return [
    { key: ipKey(ip), rule: rule(limits.perIp, limits.firstWaitMs) },
    { key: usernameKey(username), rule: rule(limits.perUsername, limits.firstWaitMs) },
  ];
}

/**
 * The counters in this process's memory (SQLite: one process). An attempt is counted when it is
 * let through, before its password is hashed, so concurrent guesses cannot all slip through
 * between a check and a count; a key that must wait is refused before any hashing, so guessing
 * cannot burn the CPU. A restart forgets every counter.
 */
export class LoginThrottle implements Throttle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  acquire(ip: string, username: string, device?: string | null): number {
    const now = this.now();
    const keys = keysOf(this.limits, ip, username, device);
    const wait = Math.max(...keys.map(({ key }) => waitLeft(this.counters.get(key), now)));
    if (wait > 0) return retrySeconds(wait);
    for (const { key, rule } of keys) this.counters.set(key, counted(this.counters.get(key), rule, now));
    if (this.counters.size > 50_000) this.sweep(now);
    return 0;
  }

  recordSuccess(ip: string, username: string, device?: string | null): void {
    if (device) {
      this.counters.delete(deviceKey(device));
      return;
    }
    this.counters.delete(usernameKey(username));
    const c = this.counters.get(ipKey(ip));
    if (c && c.count > 0) {
      c.count--;
      // The address proved a right password: the wait its own attempt set is lifted.
      c.blockedUntil = 0;
    }
  }

  private sweep(now: number): void {
    for (const [k, c] of this.counters) if (c.expiresAt <= now) this.counters.delete(k);
  }
}

interface Bucket {
  count: number;
  resetAt: number;
}

/** The pacer's steps and ceiling (ms), its window, and its clock and draw (tests). */
interface PacerOptions {
  stepMs?: number;
  maxMs?: number;
  windowMs?: number;
  now?: () => number;
  random?: () => number;
}

/**
 * Refused sign-ins from one address are answered more and more slowly: 20 ms more for each
 * refusal in the window, at most a second. A person who mistyped eleven times waits a moment for
 * "Too many attempts" (the ceiling takes fifty refusals to reach); a script that keeps guessing
 * from one address gets at most one answer a second per connection, so it cannot keep the server
 * busy with refusals while other people are using it.
 *
 * Each wait is drawn between half and all of that (jitter): with equal waits, a script's
 * connections fall into step and their refusals reach the event loop together, a burst that
 * other people's requests queue behind; drawn waits spread them out. Kept in this process's
 * memory even with the counters in the database: it spares this instance's CPU.
 */
export class RefusalPacer {
  private readonly refusals = new Map<string, Bucket>();

  private readonly o: Required<PacerOptions>;

  constructor(options: PacerOptions = {}) {
    this.o = {
      stepMs: 20,
      maxMs: 1000,
      windowMs: 15 * MINUTE,
      now: Date.now,
      random: Math.random,
      ...options,
    };
  }

  /** Counts one refusal for `ip`; the milliseconds to wait before answering it. */
  delay(ip: string): number {
    const t = this.o.now();
    let b = this.refusals.get(ip);
    if (!b || b.resetAt <= t) {
      if (this.refusals.size >= 50_000) {
        for (const [k, old] of this.refusals) if (old.resetAt <= t) this.refusals.delete(k);
      }
      b = { count: 0, resetAt: t + this.o.windowMs };
      this.refusals.set(ip, b);
    }
    b.count++;
    const full = Math.min(this.o.maxMs, this.o.stepMs * b.count);
    return Math.round(full * (0.5 + this.o.random() / 2));
  }
}
