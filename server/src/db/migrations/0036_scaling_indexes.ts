import type { Kysely } from 'kysely';

/**
 * Indexes that start at the user for per-user tables read by user and not yet indexed so (found
 * by test/queryPlans.test.ts on a generated installation): the reminders screen counts each
 * channel's subscribed browsers by user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .columns(['user_id', 'channel_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('push_subscriptions_user_idx').ifExists().execute();
}
