import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('workout_plans'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('plan_uuid', 'text')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('focus', 'text')
    .addColumn('intensity', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('workout_plans_user_date', ['user_id', 'date'])
    .execute();
  await db.schema
    .createIndex('workout_plans_user_uuid_idx')
    .on('workout_plans')
    .columns(['user_id', 'plan_uuid'])
    .execute();

  await withId(db, db.schema.createTable('workout_logs'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('workout_completion', 'text')
    .addColumn('workout_skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('workout_logs_user_date', ['user_id', 'date'])
    .execute();

  await withId(db, db.schema.createTable('exercise_progress'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('workout_uuid', 'text', (c) => c.notNull())
    .addColumn('section_uuid', 'text', (c) => c.notNull())
    .addColumn('exercise_uuid', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('exercise_progress_unique', ['user_id', 'workout_uuid', 'exercise_uuid'])
    .execute();

  await withId(db, db.schema.createTable('exercise_feedback'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('workout_date', 'text', (c) => c.notNull())
    .addColumn('exercise_name', 'text', (c) => c.notNull())
    .addColumn('exercise_uuid', 'text')
    .addColumn('feedback_type', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('exercise_feedback_unique', ['user_id', 'workout_date', 'exercise_name'])
    .execute();

  await withId(db, db.schema.createTable('workout_settings'))
    .addColumn('user_id', 'integer', (c) => ownedBy(c).unique())
    .addColumn('equipment_available', 'text', (c) => c.notNull())
    .addColumn('workout_preferences', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['workout_settings', 'exercise_feedback', 'exercise_progress', 'workout_logs', 'workout_plans']) {
    await db.schema.dropTable(t).execute();
  }
}
