import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { jsonNumber, planMinutes, weekOfDate } from './sqlParts.js';

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
  const from = b.starts[0] ?? b.to;
  const w = weekOfDate(dialect, 'l.date', from);
  // On SQLite the plan is looked up through the index holding its minutes (see planMinutes):
  // the planner would otherwise pick the (user_id, date) key and parse every plan's JSON.
  const plans =
    dialect === 'sqlite' ? sql`workout_plans AS p INDEXED BY workout_plans_minutes_idx` : sql`workout_plans AS p`;
  const { rows } = await sql<{ week: number; workouts: number; minutes: number | null }>`
    SELECT ${w} AS week, count(*) AS workouts, sum(${planMinutes(dialect)}) AS minutes
    FROM workout_logs AS l LEFT JOIN ${plans} ON p.user_id = l.user_id AND p.date = l.date
    WHERE l.user_id = ${userId} AND l.workout_skipped = 0 AND l.date >= ${from} AND l.date <= ${b.to}
    GROUP BY ${w}`.execute(db);
  return rows.map((r) => ({ week: num(r.week), workouts: num(r.workouts), minutes: Math.round(num(r.minutes)) }));
}

/** Daily notes with a morning part and with an evening part, per week. */
export async function journalPerWeek(db: Db, dialect: Dialect, userId: number, b: WeekBounds) {
  const w = weekOfDate(dialect, 'date', b.starts[0] ?? b.to);
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

/** The SELECT of one count per week, by the number of weeks and the dialect's placeholders. */
const todoCountsSql = new Map<string, string>();

function todoCountsText(dialect: Dialect, weeks: number): string {
  const key = `${dialect} ${weeks}`;
  let text = todoCountsSql.get(key);
  if (!text) {
    let n = 0;
    const p = () => (dialect === 'sqlite' ? '?' : `$${++n}`);
    const counts = Array.from(
      { length: weeks },
      (_, i) =>
        `(SELECT count(*) FROM todos WHERE user_id = ${p()} AND completed = 1 AND completed_at >= ${p()} AND completed_at < ${p()}) AS w${i}`,
    );
    text = `SELECT ${counts.join(', ')}`;
    todoCountsSql.set(key, text);
  }
  return text;
}

/**
 * Todos ticked off per week; `starts` here are the UTC instants of each week's local start
 * (weeks across a daylight-saving change are not 7 × 24 h, so no arithmetic). One index range
 * count per week, in one statement: cheaper than sorting each row of a year into its week.
 */
export async function todosPerWeek(
  db: Db,
  dialect: Dialect,
  userId: number,
  instants: { starts: string[]; end: string },
) {
  const { starts, end } = instants;
  const params = starts.flatMap((s, i) => [userId, s, starts[i + 1] ?? end]);
  const { rows } = await db.executeQuery<Record<string, number>>(
    CompiledQuery.raw(todoCountsText(dialect, starts.length), params),
  );
  const row = rows[0] ?? {};
  return starts.map((_, i) => ({ week: i, todosCompleted: num(row[`w${i}`]) }));
}

/** Meeting transcripts per week. */
export async function meetingsPerWeek(db: Db, dialect: Dialect, userId: number, b: WeekBounds) {
  const w = weekOfDate(dialect, 'date', b.starts[0] ?? b.to);
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

/**
 * Every day up to `to` with a completed workout, as days since 1970-01-01, ascending (for the
 * streaks, over the whole history). Sent back as one comma-separated text: five years are
 * ~1,800 days, and a row object per day cost more than reading them from the index. Sorted
 * here rather than by the aggregate (which would sort again what the index gives in order).
 */
export async function completedDays(db: Db, dialect: Dialect, userId: number, to: string): Promise<number[]> {
  const list =
    dialect === 'sqlite'
      ? sql<string>`group_concat(CAST(julianday(date) - 2440587.5 AS INTEGER), ',')`
      : sql<string>`string_agg(CAST(CAST(date AS date) - DATE '1970-01-01' AS text), ',')`;
  const { rows } = await sql<{ days: string | null }>`
    SELECT ${list} AS days FROM workout_logs
    WHERE user_id = ${userId} AND workout_skipped = 0 AND date <= ${to}`.execute(db);
  const days = rows[0]?.days;
  return days ? Array.from(Float64Array.from(days.split(','), Number).sort()) : [];
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
