import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { dialectOf } from '../../db/migrationHelpers.js';
import { type Counter, counted, retrySeconds, waitLeft } from './backoff.js';
import {
  DEFAULT_LIMITS,
  deviceKey,
  ipKey,
  keysOf,
  type Throttle,
  type ThrottleLimits,
  usernameKey,
} from './throttle.js';

const toCounter = (r: { count: number; blocked_until: number; expires_at: number }): Counter => ({
  count: Number(r.count),
  blockedUntil: Number(r.blocked_until),
  expiresAt: Number(r.expires_at),
});

/**
 * The sign-in counters in the database, for several app instances on one PostgreSQL: a guesser
 * gets the same limits whichever instance answers. Most refusals are answered from one read. An
 * attempt that may go through is decided and counted in one transaction that holds its keys'
 * rows (locked in key order on PostgreSQL; SQLite runs one transaction at a time), before its
 * password is hashed, so concurrent attempts on several instances cannot all pass one check.
 */
export class DbLoginThrottle implements Throttle {
  private attempts = 0;
  private readonly postgres: boolean;

  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  }

  async acquire(ip: string, username: string, device?: string | null): Promise<number> {
    const now = this.now();
    const keys = keysOf(this.limits, ip, username, device).sort((a, b) => (a.key < b.key ? -1 : 1));
    const names = keys.map((k) => k.key);
    const waitOf = (rows: Array<{ count: number; blocked_until: number; expires_at: number }>) =>
      Math.max(0, ...rows.map((r) => waitLeft(toCounter(r), now)));

    const seen = await this.db
      .selectFrom('login_attempts')
      .select(['count', 'blocked_until', 'expires_at'])
      .where('key', 'in', names)
      .execute();
    let wait = waitOf(seen);
    if (wait === 0) {
      wait = await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('login_attempts')
          .values(names.map((key) => ({ key, count: 0, blocked_until: 0, expires_at: 0 })))
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        const rows = await trx
          .selectFrom('login_attempts')
          .select(['key', 'count', 'blocked_until', 'expires_at'])
          .where('key', 'in', names)
          .orderBy('key')
          .$if(this.postgres, (q) => q.forUpdate())
          .execute();
        const locked = waitOf(rows);
        if (locked > 0) return locked;
        for (const { key, rule } of keys) {
          const row = rows.find((r) => r.key === key);
          const c = counted(row && toCounter(row), rule, now);
          await trx
            .updateTable('login_attempts')
            .set({ count: c.count, blocked_until: c.blockedUntil, expires_at: c.expiresAt })
            .where('key', '=', key)
            .execute();
        }
        return 0;
      });
    }
    // Counters that have expired are swept now and then, not on every request.
    if (++this.attempts % 500 === 0) {
      await this.db.deleteFrom('login_attempts').where('expires_at', '<=', now).execute();
    }
    return wait > 0 ? retrySeconds(wait) : 0;
  }

  async recordSuccess(ip: string, username: string, device?: string | null): Promise<void> {
    if (device) {
      await this.db.deleteFrom('login_attempts').where('key', '=', deviceKey(device)).execute();
      return;
    }
    await this.db.deleteFrom('login_attempts').where('key', '=', usernameKey(username)).execute();
    // The address proved a right password: its attempt is taken back and the wait it set lifted.
    await this.db
      .updateTable('login_attempts')
      .set({ count: sql<number>`count - 1`, blocked_until: 0 })
      .where('key', '=', ipKey(ip))
      .where('count', '>', 0)
      .execute();
  }
}

/**
 * Lifts a username's wait at once (`npm run users -- unlock NAME`): its counter in the database
 * is deleted. Devices' and addresses' counters are left as they are.
 */
export async function clearUsernameLock(db: Db, username: string): Promise<boolean> {
  const res = await db.deleteFrom('login_attempts').where('key', '=', usernameKey(username)).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
