import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { DEFAULT_LIMITS, type Throttle, type ThrottleLimits } from './throttle.js';

/**
 * The login throttle's counters in the database, for several app instances on one PostgreSQL:
 * a guesser gets the same limits whichever instance answers. Each attempt is counted by one
 * atomic upsert per key before its password is hashed, so concurrent attempts are all counted.
 */
export class DbLoginThrottle implements Throttle {
  private attempts = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts the attempt on both keys with one atomic upsert each (a window that has passed starts
   * again at 1) and refuses it when either count is then over its limit, so concurrent attempts
   * on several instances cannot all pass one check before any is counted.
   */
  async acquire(ip: string, username: string): Promise<number> {
    const now = this.now();
    const nowIso = new Date(now).toISOString();
    const resetAt = new Date(now + this.limits.windowMs).toISOString();
    let wait = 0;
    for (const [key, limit] of [
      [`ip:${ip}`, this.limits.perIp],
      [`user:${username.toLowerCase()}`, this.limits.perUsername],
    ] as const) {
      const row = await this.db
        .insertInto('login_attempts')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`CASE WHEN login_attempts.reset_at <= ${nowIso} THEN 1 ELSE login_attempts.count + 1 END`,
            reset_at: sql<string>`CASE WHEN login_attempts.reset_at <= ${nowIso} THEN ${resetAt} ELSE login_attempts.reset_at END`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      if (row.count > limit) wait = Math.max(wait, Date.parse(row.reset_at) - now);
    }
    // Windows that have passed are swept now and then, not on every request.
    if (++this.attempts % 500 === 0) {
      await this.db.deleteFrom('login_attempts').where('reset_at', '<=', nowIso).execute();
    }
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  async recordSuccess(ip: string, username: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', `user:${username.toLowerCase()}`).execute();
    await this.db
      .updateTable('login_attempts')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', `ip:${ip}`)
      .where('count', '>', 0)
      .execute();
  }
}
