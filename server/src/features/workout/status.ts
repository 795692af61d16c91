import { sql } from 'kysely';

/**
 * `countsAsWorkout` (common/src/workoutStatus.ts) in SQL, for the aggregates over many days
 * (the week grid, the stats' workouts, minutes and streaks): a log that is not skipped and says
 * done, or was written before logs could say so. `alias` names the workout_logs table.
 */
export const completedLogSql = (alias = 'workout_logs') =>
  sql`(${sql.ref(`${alias}.workout_skipped`)} = 0 AND coalesce(${sql.ref(`${alias}.workout_done`)}, 1) = 1)`;
