/**
 * Fixed-window counters of login attempts per IP and per username, kept in memory. An attempt
 * is counted when it is let through (`acquire`), before its password is hashed, so concurrent
 * guesses cannot all slip through between a check and a count; a key over its limit is refused
 * before any hashing, so guessing cannot burn the CPU. A successful login takes its attempt back
 * from the address and clears the username's counter: only failures add up.
 */
export interface ThrottleLimits {
  windowMs: number;
  perIp: number;
  perUsername: number;
}

/** Where the counters live: this process's memory, or the database (dbThrottle.ts). */
export interface Throttle {
  /** Seconds until the caller may try again (refused), or 0: the attempt is let through and counted. */
  acquire(ip: string, username: string): number | Promise<number>;
  /** The attempt signed in: it no longer counts against the address, and the username starts afresh. */
  recordSuccess(ip: string, username: string): void | Promise<void>;
}

/**
 * Ten failed sign-ins per username and per address in 15 minutes. Successful ones do not count,
 * so a household or office behind one address is only slowed by its own mistyped passwords.
 */
export const DEFAULT_LIMITS: ThrottleLimits = { windowMs: 15 * 60 * 1000, perIp: 10, perUsername: 10 };

interface Bucket {
  count: number;
  resetAt: number;
}

export class LoginThrottle implements Throttle {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  acquire(ip: string, username: string): number {
    const ipKey = `ip:${ip}`;
    const userKey = `user:${username.toLowerCase()}`;
    const wait = Math.max(this.waitFor(ipKey, this.limits.perIp), this.waitFor(userKey, this.limits.perUsername));
    if (wait > 0) return Math.ceil(wait / 1000);
    this.bump(ipKey);
    this.bump(userKey);
    return 0;
  }

  recordSuccess(ip: string, username: string): void {
    this.buckets.delete(`user:${username.toLowerCase()}`);
    const b = this.live(`ip:${ip}`);
    if (b && b.count > 0) b.count--;
  }

  private waitFor(key: string, limit: number): number {
    const b = this.live(key);
    return b && b.count >= limit ? b.resetAt - this.now() : 0;
  }

  private bump(key: string): void {
    const b = this.live(key);
    if (b) b.count++;
    else this.buckets.set(key, { count: 1, resetAt: this.now() + this.limits.windowMs });
    if (this.buckets.size > 50_000) this.sweep();
  }

  private live(key: string): Bucket | undefined {
    const b = this.buckets.get(key);
    if (b && b.resetAt <= this.now()) {
      this.buckets.delete(key);
      return undefined;
    }
    return b;
  }

  private sweep(): void {
    const t = this.now();
    for (const [k, b] of this.buckets) if (b.resetAt <= t) this.buckets.delete(k);
  }
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
      windowMs: DEFAULT_LIMITS.windowMs,
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
