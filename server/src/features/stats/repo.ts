import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { jsonNumber, weekIndex } from './sqlParts.js';

/** The weeks of a range: each one's first day, and the day after the range. */
export interface WeekBounds {
  /** Sundays, YYYY-MM-DD, ascending. */
  starts: string[];
  /** The last day of the range (inclusive). */
  to: string;
}

export interface WeekCount {
  week: number;
  [key: string]: number;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Completed workouts and their planned minutes, per week. */
export async function workoutsPerWeek(db: Db, dialect: Dialect, userId: number, b: WeekBounds) {
  const w = weekIndex('l.date', b.starts);
  const minutes = jsonNumber(dialect, 'p.plan', ['estimated_duration']);
  const rows = await db
    .selectFrom('workout_logs as l')
    .leftJoin('workout_plans as p', (j) => j.onRef('p.user_id', '=', 'l.user_id').onRef('p.date', '=', 'l.date'))
    .select([w.as('week'), sql<number>`count(*)`.as('workouts'), sql<number>`sum(${minutes})`.as('minutes')])
    .where('l.user_id', '=', userId)
    .where('l.workout_skipped', '=', 0)
    .where('l.date', '>=', b.starts[0] ?? b.to)
    .where('l.date', '<=', b.to)
    .groupBy(w)
    .execute();
  return rows.map((r) => ({ week: num(r.week), workouts: num(r.workouts), minutes: Math.round(num(r.minutes)) }));
}

/** Daily notes with a morning part and with an evening part, per week. */
export async function journalPerWeek(db: Db, userId: number, b: WeekBounds) {
  const w = weekIndex('date', b.starts);
  const rows = await db
    .selectFrom('journal_entries')
    .select([w.as('week'), sql<number>`sum(has_morning)`.as('mornings'), sql<number>`sum(has_evening)`.as('evenings')])
    .where('user_id', '=', userId)
    .where('journal_type', '=', 'daily')
    .where('date', '>=', b.starts[0] ?? b.to)
    .where('date', '<=', b.to)
    .groupBy(w)
    .execute();
  return rows.map((r) => ({ week: num(r.week), mornings: num(r.mornings), evenings: num(r.evenings) }));
}

/** Todos ticked off per week; `starts` here are the UTC instants of each week's local start. */
export async function todosPerWeek(db: Db, userId: number, instants: { starts: string[]; end: string }) {
  const w = weekIndex('completed_at', instants.starts);
  const rows = await db
    .selectFrom('todos')
    .select([w.as('week'), sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .where('completed', '=', 1)
    .where('completed_at', '>=', instants.starts[0] ?? instants.end)
    .where('completed_at', '<', instants.end)
    .groupBy(w)
    .execute();
  return rows.map((r) => ({ week: num(r.week), todosCompleted: num(r.n) }));
}

/** Meeting transcripts per week. */
export async function meetingsPerWeek(db: Db, userId: number, b: WeekBounds) {
  const w = weekIndex('date', b.starts);
  const rows = await db
    .selectFrom('transcripts')
    .select([w.as('week'), sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .where('date', '>=', b.starts[0] ?? b.to)
    .where('date', '<=', b.to)
    .groupBy(w)
    .execute();
  return rows.map((r) => ({ week: num(r.week), meetings: num(r.n) }));
}

/** Every date up to `to` with a completed workout, ascending (for the streaks). */
export async function completedDates(db: Db, userId: number, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('workout_logs')
    .select('date')
    .distinct()
    .where('user_id', '=', userId)
    .where('workout_skipped', '=', 0)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
  return rows.map((r) => r.date);
}

/** How many exercises the logs of the range mark completed, partial and skipped. */
export async function exerciseOutcomes(db: Db, dialect: Dialect, userId: number, from: string, to: string) {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ status: string; n: number }>`
          SELECT json_extract(j.value, '$.completed') AS status, count(*) AS n
          FROM workout_logs l, json_each(l.workout_completion) j
          WHERE l.user_id = ${userId} AND l.date >= ${from} AND l.date <= ${to}
            AND l.workout_completion IS NOT NULL AND json_valid(l.workout_completion)
          GROUP BY 1`.execute(db)
      : await sql<{ status: string; n: number }>`
          SELECT j.value ->> 'completed' AS status, count(*) AS n
          FROM workout_logs l CROSS JOIN LATERAL jsonb_array_elements(
            CASE WHEN jsonb_typeof(l.workout_completion::jsonb) = 'array' THEN l.workout_completion::jsonb ELSE '[]'::jsonb END
          ) AS j(value)
          WHERE l.user_id = ${userId} AND l.date >= ${from} AND l.date <= ${to}
            AND l.workout_completion IS NOT NULL
          GROUP BY 1`.execute(db);
  const out = { completed: 0, partial: 0, skipped: 0 };
  for (const r of rows.rows) if (r.status in out) out[r.status as keyof typeof out] = num(r.n);
  return out;
}

/** Exercises most often given a verdict of one kind in the range. */
export async function feedbackCounts(
  db: Db,
  userId: number,
  type: 'like' | 'dislike',
  from: string,
  to: string,
  limit = 10,
) {
  const rows = await db
    .selectFrom('exercise_feedback')
    .select(['exercise_name', sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .where('feedback_type', '=', type)
    .where('workout_date', '>=', from)
    .where('workout_date', '<=', to)
    .groupBy('exercise_name')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('exercise_name')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ name: r.exercise_name, count: num(r.n) }));
}

/** The energy level of each morning note in the range, by date. */
export async function energyLevels(db: Db, dialect: Dialect, userId: number, from: string, to: string) {
  const level = jsonNumber(dialect, 'structured_data', ['morning', 'energy_level']);
  const rows = await db
    .selectFrom('journal_entries')
    .select(['date', level.as('level')])
    .where('user_id', '=', userId)
    .where('journal_type', '=', 'daily')
    .where('has_morning', '=', 1)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
  return rows.filter((r) => r.level !== null).map((r) => ({ date: r.date, level: Number(r.level) }));
}
