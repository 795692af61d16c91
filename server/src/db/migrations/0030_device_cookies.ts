import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

/**
 * Device cookies (features/auth/deviceCookie.ts): the browsers each user signed in with, by the
 * SHA-256 of their cookie's token, so that sign-ins from a known browser are counted on it alone
 * and nobody can lock the owner out by failing with their username.
 * The sign-in counters become a growing wait rather than a fixed window: `login_attempts` is
 * made again with the wait's end and the counter's end in ms since the epoch (its rows are
 * counters of the last minutes; they are dropped with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_cookies'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_cookies_user_idx')
    .on('device_cookies')
    .columns(['user_id', 'last_used_at'])
    .execute();
  await db.schema.createIndex('device_cookies_created_idx').on('device_cookies').column('created_at').execute();

  await db.schema.dropTable('login_attempts').execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_expires_idx').on('login_attempts').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_reset_idx').on('login_attempts').column('reset_at').execute();
  await db.schema.dropTable('device_cookies').execute();
}
