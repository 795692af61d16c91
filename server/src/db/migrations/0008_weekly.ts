import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

/**
 * The planning conversation of a weekly plan: one per user and week (its Monday), the messages
 * as JSON text. The plan itself is a `weekly_planning` journal entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('weekly_conversations'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('week_date', 'text', (c) => c.notNull())
    .addColumn('messages', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('weekly_conversations_user_week', ['user_id', 'week_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weekly_conversations').execute();
}
