import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

/**
 * The training week (features/training): each user's rule (JSON, common/api/training.ts), the
 * weeks planned (one row per user and week, taken by the one instance that plans it), and the
 * week's sessions, one per user, week and session number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('training_rules'))
    .addColumn('user_id', 'integer', (c) => ownedBy(c).unique())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('training_weeks'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addColumn('planned_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('training_weeks_user_week', ['user_id', 'week_start'])
    .execute();

  await withId(db, db.schema.createTable('training_sessions'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('placed_by', 'text', (c) => c.notNull())
    .addColumn('calendar', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('changed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('training_sessions_user_week_idx', ['user_id', 'week_start', 'idx'])
    .execute();
  await db.schema
    .createIndex('training_sessions_user_date_idx')
    .on('training_sessions')
    .columns(['user_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('training_sessions').execute();
  await db.schema.dropTable('training_weeks').execute();
  await db.schema.dropTable('training_rules').execute();
}
