import { type Kysely, sql } from 'kysely';
import { dialectOf, reorderSqliteColumns } from '../migrationHelpers.js';
import { PLAN_MINUTES_SQLITE } from './0017_perf_weekly.js';

/** The columns of `workout_plans` after this migration (SQLite), the plan's JSON last. */
const COLUMNS = [
  '"id" integer primary key autoincrement',
  '"user_id" integer not null references "users" ("id") on delete cascade',
  '"date" text not null',
  '"plan_uuid" text',
  '"focus" text',
  '"intensity" text',
  '"source" text not null',
  '"created_at" text not null',
  '"updated_at" text not null',
  '"kind" text',
  '"title" text',
  '"estimated_duration" integer',
  '"replaced_at" text',
  '"plan" text not null',
];

/**
 * Plans keep their earlier versions, and a log names its plan:
 * - `workout_plans.replaced_at`: when a plan with marked exercises or a log was replaced by a
 *   new plan for its date. A date has one current plan (replaced_at null; a partial unique
 *   index) and any number of earlier versions, so "one plan per date" is now "one current plan
 *   per date". SQLite cannot drop the old UNIQUE constraint, so the table is written again,
 *   with the plan's JSON last (the list's columns are then read without walking it).
 * - `workout_logs.plan_id`: the plan the log is for (null when its date had none; the plan's
 *   deletion sets it null), filled in for the logs already stored from their date's plan.
 * - `workout_logs.workout_done`: the log says the workout was done (1) or gives no status (0);
 *   null on the logs already stored, which count as done unless skipped, as the dashboard and
 *   the stats counted them (common/src/workoutStatus.ts).
 * The stats read a plan's minutes from its summary column now, so the index on the JSON's
 * minutes goes; the done-workouts index gains `workout_done`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  if (sqlite) await db.schema.dropIndex('workout_plans_minutes_idx').execute();
  await db.schema.dropIndex('workout_plans_list_idx').execute();
  await db.schema.alterTable('workout_plans').addColumn('replaced_at', 'text').execute();
  if (sqlite) await reorderSqliteColumns(db, 'workout_plans', COLUMNS);
  else await db.schema.alterTable('workout_plans').dropConstraint('workout_plans_user_date').execute();
  await db.schema
    .createIndex('workout_plans_current_idx')
    .on('workout_plans')
    .columns(['user_id', 'date'])
    .unique()
    .where(sql.ref('replaced_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('workout_plans_list_idx')
    .on('workout_plans')
    .columns(['user_id', 'date', 'id', 'kind', 'title', 'estimated_duration', 'replaced_at'])
    .execute();

  await db.schema
    .alterTable('workout_logs')
    .addColumn('plan_id', 'integer', (c) => c.references('workout_plans.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('workout_logs').addColumn('workout_done', 'integer').execute();
  await sql`UPDATE workout_logs SET plan_id = (
    SELECT p.id FROM workout_plans p WHERE p.user_id = workout_logs.user_id AND p.date = workout_logs.date
  )`.execute(db);
  await db.schema.createIndex('workout_logs_plan_idx').on('workout_logs').columns(['plan_id']).execute();
  await db.schema.dropIndex('workout_logs_user_done_idx').execute();
  await db.schema
    .createIndex('workout_logs_user_done_idx')
    .on('workout_logs')
    .columns(['user_id', 'workout_skipped', 'date', 'workout_done'])
    .execute();
}

/** The columns of `workout_logs` before this migration (SQLite). */
const LOG_COLUMNS = [
  '"id" integer primary key autoincrement',
  '"user_id" integer not null references "users" ("id") on delete cascade',
  '"date" text not null',
  '"entry" text not null',
  '"workout_completion" text',
  '"workout_skipped" integer default 0 not null',
  '"created_at" text not null',
  '"updated_at" text not null',
];

/**
 * Back to one plan per date (earlier versions are deleted; a unique index stands for the old
 * constraint) and logs without their plan or "done".
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  await db.schema.dropIndex('workout_logs_user_done_idx').execute();
  await db.schema.dropIndex('workout_logs_plan_idx').execute();
  if (sqlite) {
    await reorderSqliteColumns(db, 'workout_logs', LOG_COLUMNS);
  } else {
    await db.schema.alterTable('workout_logs').dropColumn('workout_done').execute();
    await db.schema.alterTable('workout_logs').dropColumn('plan_id').execute();
  }
  await db.schema
    .createIndex('workout_logs_user_done_idx')
    .on('workout_logs')
    .columns(['user_id', 'workout_skipped', 'date'])
    .execute();
  await sql`DELETE FROM workout_plans WHERE replaced_at IS NOT NULL`.execute(db);
  await db.schema.dropIndex('workout_plans_list_idx').execute();
  await db.schema.dropIndex('workout_plans_current_idx').execute();
  await db.schema.alterTable('workout_plans').dropColumn('replaced_at').execute();
  await db.schema
    .createIndex('workout_plans_user_date')
    .on('workout_plans')
    .columns(['user_id', 'date'])
    .unique()
    .execute();
  await db.schema
    .createIndex('workout_plans_list_idx')
    .on('workout_plans')
    .columns(['user_id', 'date', 'id', 'kind', 'title', 'estimated_duration'])
    .execute();
  if (sqlite) {
    await sql`CREATE INDEX workout_plans_minutes_idx ON workout_plans (user_id, date, ${sql.raw(PLAN_MINUTES_SQLITE)})`.execute(
      db,
    );
  }
}
