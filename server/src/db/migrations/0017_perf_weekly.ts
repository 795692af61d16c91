import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../migrationHelpers.js';

/**
 * The planned minutes of a workout plan as the stats read them (null when the plan has no
 * numeric `estimated_duration`). An index on this expression lets SQLite read the value from
 * the index instead of parsing each plan's JSON (about 5 kB) for a year of workouts; the stats
 * query must spell it exactly so. `json_valid` first: a plan that is not JSON gives null
 * rather than an error when the row is written.
 */
export const PLAN_MINUTES_SQLITE = `(CASE WHEN json_valid("plan") AND json_type("plan", '$.estimated_duration') IN ('integer', 'real') THEN json_extract("plan", '$.estimated_duration') END)`;

/**
 * Indexes for the weekly, dashboard and stats reads over five years of history (checked with
 * EXPLAIN QUERY PLAN): completed workouts by date without reading the rows, for the weekly
 * counts, the streaks and the overview's week; and on SQLite the planned minutes of each plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('workout_logs_user_done_idx')
    .on('workout_logs')
    .columns(['user_id', 'workout_skipped', 'date'])
    .execute();
  if (dialectOf(db) === 'sqlite') {
    await sql`CREATE INDEX workout_plans_minutes_idx ON workout_plans (user_id, date, ${sql.raw(PLAN_MINUTES_SQLITE)})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await db.schema.dropIndex('workout_plans_minutes_idx').execute();
  await db.schema.dropIndex('workout_logs_user_done_idx').execute();
}
