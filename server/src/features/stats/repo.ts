import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { type Dialect, dialectOf } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';
import { meetingOfTranscript } from '../transcripts/eventLinks.js';
import { completedLogSql } from '../workout/status.js';
import { jsonNumber, planMinutes, weekOfDate } from './sqlParts.js';

/** The weeks of a range: each one's first day, and the day after the range. */
export interface WeekBounds {
  /** Sundays, YYYY-MM-DD, ascending. */
  starts: readonly string[];
  /** The last day of the range (inclusive). */
  to: string;
}

export interface WeekCount {
  week: number;
  [key: string]: number;
}

const dialectOfDb = (db: Db) => dialectOf(db as unknown as Kysely<unknown>);
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

type Range = { userId: number; from: string; to: string };

/**
 * Completed workouts (countsAsWorkout) and their planned minutes, per week. A log's minutes are
 * those of its plan (the version it was saved for), or of its date's current plan when it names
 * none (a log imported from an older export).
 */
const workoutsQuery = prepared<Range, { week: number; workouts: number; minutes: number | null }>((db, p) => {
  const dialect = dialectOfDb(db);
  return sql<{ week: number; workouts: number; minutes: number | null }>`
    SELECT ${weekOfDate(dialect, 'l.date', p.from)} AS week, count(*) AS workouts, sum(${planMinutes(dialect)}) AS minutes
    FROM workout_logs AS l LEFT JOIN workout_plans AS p ON p.user_id = l.user_id AND p.id = coalesce(l.plan_id,
      (SELECT c.id FROM workout_plans AS c WHERE c.user_id = l.user_id AND c.date = l.date AND c.replaced_at IS NULL))
    WHERE l.user_id = ${p.userId} AND ${completedLogSql('l')} AND l.date >= ${p.from} AND l.date <= ${p.to}
    GROUP BY 1`;
});

export async function workoutsPerWeek(db: Db, userId: number, b: WeekBounds) {
  const rows = await workoutsQuery.execute(db, { userId, from: b.starts[0] ?? b.to, to: b.to });
  return rows.map((r) => ({ week: num(r.week), workouts: num(r.workouts), minutes: Math.round(num(r.minutes)) }));
}

/** Daily notes with a morning part and with an evening part, per week. */
const journalQuery = prepared<Range, { week: number; mornings: number; evenings: number }>((db, p) =>
  db
    .selectFrom('journal_entries')
    .select([
      weekOfDate(dialectOfDb(db), 'date', p.from).as('week'),
      sql<number>`sum(has_morning)`.as('mornings'),
      sql<number>`sum(has_evening)`.as('evenings'),
    ])
    .where('user_id', '=', p.userId)
    .where('journal_type', '=', 'daily')
    .where('date', '>=', p.from)
    .where('date', '<=', p.to)
    .groupBy(sql`1`),
);

export async function journalPerWeek(db: Db, userId: number, b: WeekBounds) {
  const rows = await journalQuery.execute(db, { userId, from: b.starts[0] ?? b.to, to: b.to });
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
  instants: { starts: readonly string[]; end: string },
) {
  const { starts, end } = instants;
  const params: Array<number | string> = [];
  for (let i = 0; i < starts.length; i++) params.push(userId, starts[i] as string, starts[i + 1] ?? end);
  const { rows } = await db.executeQuery<Record<string, number>>(
    CompiledQuery.raw(todoCountsText(dialect, starts.length), params),
  );
  // The columns w0, w1… come in the order of the select list (names that are not array
  // indexes keep their order), so the counts are read in order instead of by 52 names.
  const counts = Object.values(rows[0] ?? {});
  return starts.map((_, i) => ({ week: i, todosCompleted: num(counts[i]) }));
}

/** Meetings with transcripts per week: a meeting written up twice counts once (`meetingOfTranscript`). */
const meetingsQuery = prepared<Range, { week: number; n: number }>((db, p) =>
  db
    .selectFrom('transcripts')
    .select([
      weekOfDate(dialectOfDb(db), 'date', p.from).as('week'),
      sql<number>`count(distinct ${meetingOfTranscript})`.as('n'),
    ])
    .where('user_id', '=', p.userId)
    .where('date', '>=', p.from)
    .where('date', '<=', p.to)
    .groupBy(sql`1`),
);

export async function meetingsPerWeek(db: Db, userId: number, b: WeekBounds) {
  const rows = await meetingsQuery.execute(db, { userId, from: b.starts[0] ?? b.to, to: b.to });
  return rows.map((r) => ({ week: num(r.week), meetings: num(r.n) }));
}

/**
 * Every day up to `to` with a completed workout, as days since 1970-01-01, ascending (for the
 * streaks, over the whole history). Sent back as one comma-separated text: five years are
 * ~1,800 days, and a row object per day cost more than reading them from the index. Sorted
 * here rather than by the aggregate (which would sort again what the index gives in order).
 */
const daysQuery = prepared<{ userId: number; to: string }, { days: string | null }>((db, p) => {
  const list =
    dialectOfDb(db) === 'sqlite'
      ? sql<string>`group_concat(CAST(julianday(date) - 2440587.5 AS INTEGER), ',')`
      : sql<string>`string_agg(CAST(CAST(date AS date) - DATE '1970-01-01' AS text), ',')`;
  return sql<{ days: string | null }>`
    SELECT ${list} AS days FROM workout_logs
    WHERE user_id = ${p.userId} AND ${completedLogSql()} AND date <= ${p.to}`;
});

export async function completedDays(db: Db, userId: number, to: string): Promise<number[]> {
  const days = (await daysQuery.executeTakeFirst(db, { userId, to }))?.days;
  return days ? ascendingDays(days) : [];
}

/**
 * The aggregate's integers ('20454,20455,…'), ascending. Integers joined by commas are a JSON
 * array once bracketed: the engine's parser reads them five to ten times faster than splitting
 * the text and converting each part. Sorted only when the index did not already give them in
 * order.
 */
export function ascendingDays(text: string): number[] {
  const list = JSON.parse(`[${text}]`) as number[];
  for (let i = 1; i < list.length; i++)
    if ((list[i] as number) < (list[i - 1] as number)) return list.sort((a, b) => a - b);
  return list;
}

/** How many exercises the logs of each week mark completed, partial and skipped. */
const outcomesQuery = prepared<Range, { week: number; status: string; n: number }>((db, p) =>
  dialectOfDb(db) === 'sqlite'
    ? sql<{ week: number; status: string; n: number }>`
          SELECT ${weekOfDate('sqlite', 'l.date', p.from)} AS week, json_extract(j.value, '$.completed') AS status, count(*) AS n
          FROM workout_logs l, json_each(l.workout_completion) j
          WHERE l.user_id = ${p.userId} AND l.date >= ${p.from} AND l.date <= ${p.to}
            AND l.workout_completion IS NOT NULL AND json_valid(l.workout_completion)
          GROUP BY 1, 2`
    : sql<{ week: number; status: string; n: number }>`
          SELECT ${weekOfDate('postgres', 'l.date', p.from)} AS week, j.value ->> 'completed' AS status, count(*) AS n
          FROM workout_logs l CROSS JOIN LATERAL jsonb_array_elements(
            CASE WHEN jsonb_typeof(l.workout_completion::jsonb) = 'array' THEN l.workout_completion::jsonb ELSE '[]'::jsonb END
          ) AS j(value)
          WHERE l.user_id = ${p.userId} AND l.date >= ${p.from} AND l.date <= ${p.to}
            AND l.workout_completion IS NOT NULL
          GROUP BY 1, 2`,
);

export type Outcomes = { completed: number; partial: number; skipped: number };

export async function exerciseOutcomesPerWeek(db: Db, userId: number, b: WeekBounds) {
  const rows = await outcomesQuery.execute(db, { userId, from: b.starts[0] ?? b.to, to: b.to });
  const out = b.starts.map(() => ({ completed: 0, partial: 0, skipped: 0 }) as Outcomes);
  for (const r of rows) {
    const week = out[num(r.week)];
    if (week && r.status in week) week[r.status as keyof Outcomes] = num(r.n);
  }
  return out;
}

/** How often each exercise was given each verdict, per week of the range. */
const feedbackQuery = prepared<Range, { week: number; feedback_type: string; exercise_name: string; n: number }>(
  (db, p) =>
    db
      .selectFrom('exercise_feedback')
      .select([
        weekOfDate(dialectOfDb(db), 'workout_date', p.from).as('week'),
        'feedback_type',
        'exercise_name',
        sql<number>`count(*)`.as('n'),
      ])
      .where('user_id', '=', p.userId)
      .where('workout_date', '>=', p.from)
      .where('workout_date', '<=', p.to)
      .groupBy([sql`1`, 'feedback_type', 'exercise_name']),
);

export type Verdicts = { like: Record<string, number>; dislike: Record<string, number> };

export async function feedbackPerWeek(db: Db, userId: number, b: WeekBounds) {
  const rows = await feedbackQuery.execute(db, { userId, from: b.starts[0] ?? b.to, to: b.to });
  const out = b.starts.map(() => ({ like: {}, dislike: {} }) as Verdicts);
  for (const r of rows) {
    const week = out[num(r.week)];
    if (week && (r.feedback_type === 'like' || r.feedback_type === 'dislike'))
      week[r.feedback_type][r.exercise_name] = num(r.n);
  }
  return out;
}

/** The energy level of each morning note in the range, by date. */
const energyQuery = prepared<Range, { date: string; level: number | null }>((db, p) =>
  db
    .selectFrom('journal_entries')
    .select(['date', jsonNumber(dialectOfDb(db), 'structured_data', ['morning', 'energy_level']).as('level')])
    .where('user_id', '=', p.userId)
    .where('journal_type', '=', 'daily')
    .where('has_morning', '=', 1)
    .where('date', '>=', p.from)
    .where('date', '<=', p.to)
    .orderBy('date'),
);

export async function energyLevels(db: Db, userId: number, from: string, to: string) {
  const rows = await energyQuery.execute(db, { userId, from, to });
  return rows.filter((r) => r.level !== null).map((r) => ({ date: r.date, level: Number(r.level) }));
}
