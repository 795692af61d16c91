import type { Kysely } from 'kysely';

/**
 * Indexes for reads that otherwise scan a user's whole history (checked with EXPLAIN QUERY PLAN
 * on SQLite and EXPLAIN ANALYZE on PostgreSQL, see docs/architecture.md, Performance).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The todo list shows open todos plus those completed in the last 24 h: with only
  // (user_id, completed, created_at) the second part read every done todo ever. With this
  // index it is a range read of the last day's.
  await db.schema
    .createIndex('todos_user_completed_at_idx')
    .on('todos')
    .columns(['user_id', 'completed', 'completed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('todos_user_completed_at_idx').execute();
}
