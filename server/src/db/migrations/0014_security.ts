import type { Kysely } from 'kysely';

/**
 * Failed-login counters shared by every app instance on one database (PostgreSQL deployments
 * with several instances), so that guessing cannot be spread across them. One row per key
 * (`ip:<address>` or `user:<name>`), a fixed window ending at reset_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_reset_idx').on('login_attempts').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
