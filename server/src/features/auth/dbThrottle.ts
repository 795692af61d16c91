import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { DEFAULT_LIMITS, type Throttle, type ThrottleLimits } from './throttle.js';

/**
 * The login throttle's counters in the database, for several app instances on one PostgreSQL:
 * a guesser gets the same limits whichever instance answers. Each failure is one atomic upsert
 * (a window that has passed starts again at 1), so concurrent failures are all counted.
 */
export class DbLoginThrottle implements Throttle {
  private failures = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  async retryAfter(ip: string, username: string): Promise<number> {
    const nowIso = new Date(this.now()).toISOString();
    const ipKey = `ip:${ip}`;
    const userKey = `user:${username.toLowerCase()}`;
    const rows = await this.db
      .selectFrom('login_attempts')
      .select(['key', 'count', 'reset_at'])
      .where('key', 'in', [ipKey, userKey])
      .where('reset_at', '>', nowIso)
      .execute();
    let wait = 0;
    for (const r of rows) {
      const limit = r.key === ipKey ? this.limits.perIp : this.limits.perUsername;
      if (r.count >= limit) wait = Math.max(wait, Date.parse(r.reset_at) - this.now());
    }
    return Math.ceil(wait / 1000);
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    const now = this.now();
    const nowIso = new Date(now).toISOString();
    const resetAt = new Date(now + this.limits.windowMs).toISOString();
    for (const key of [`ip:${ip}`, `user:${username.toLowerCase()}`]) {
      await this.db
        .insertInto('login_attempts')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`CASE WHEN login_attempts.reset_at <= ${nowIso} THEN 1 ELSE login_attempts.count + 1 END`,
            reset_at: sql<string>`CASE WHEN login_attempts.reset_at <= ${nowIso} THEN ${resetAt} ELSE login_attempts.reset_at END`,
          }),
        )
        .execute();
    }
    // Windows that have passed are swept now and then, not on every request.
    if (++this.failures % 500 === 0) {
      await this.db.deleteFrom('login_attempts').where('reset_at', '<=', nowIso).execute();
    }
  }

  async recordSuccess(username: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', `user:${username.toLowerCase()}`).execute();
  }
}
