/**
 * Fixed-window counters of failed logins per IP and per username, kept in memory. A key that
 * is over its limit is refused before any password hashing happens, so guessing cannot burn
 * the CPU. A successful login clears the username's counter.
 */
export interface ThrottleLimits {
  windowMs: number;
  perIp: number;
  perUsername: number;
}

/** Where the counters live: this process's memory, or the database (dbThrottle.ts). */
export interface Throttle {
  /** Seconds until the caller may try again, or 0 when allowed. */
  retryAfter(ip: string, username: string): number | Promise<number>;
  recordFailure(ip: string, username: string): void | Promise<void>;
  recordSuccess(username: string): void | Promise<void>;
}

export const DEFAULT_LIMITS: ThrottleLimits = { windowMs: 15 * 60 * 1000, perIp: 30, perUsername: 10 };

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

  /** Seconds until the caller may try again, or 0 when allowed. */
  retryAfter(ip: string, username: string): number {
    const wait = Math.max(
      this.waitFor(`ip:${ip}`, this.limits.perIp),
      this.waitFor(`user:${username.toLowerCase()}`, this.limits.perUsername),
    );
    return Math.ceil(wait / 1000);
  }

  recordFailure(ip: string, username: string): void {
    this.bump(`ip:${ip}`);
    this.bump(`user:${username.toLowerCase()}`);
  }

  recordSuccess(username: string): void {
    this.buckets.delete(`user:${username.toLowerCase()}`);
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
