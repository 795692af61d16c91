import { type Kysely, sql } from 'kysely';
import { type DayInputs, type DayStatus, dayStatus } from '#common/workoutStatus.js';
import type { Db } from '../../db/index.js';
import { dialectOf } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';
import { parseJson } from '../journal/repo.js';
import { completedLogSql } from '../workout/status.js';

const onSqlite = (db: Db) => dialectOf(db as unknown as Kysely<unknown>) === 'sqlite';

interface OverviewRow {
  /** SQLite: the goal itself; PostgreSQL: the note's whole structured data. */
  goal: unknown;
  plan_id: number | null;
  /** SQLite: the plan's title; PostgreSQL: the whole plan. */
  plan_title: unknown;
  /** SQLite: how many exercises the plan has; PostgreSQL: null (counted from plan_title). */
  plan_exercises: number | null;
  /** Exercises of today's plan with a mark. */
  marked: number | string | null;
  /** Today's log: its flags (log_id null when there is none). */
  log_id: number | null;
  log_skipped: number | null;
  log_done: number | null;
  /** Comma-separated dates of the week with a completed workout. */
  done: string | null;
}

/**
 * Today's goal, today's plan and the week's completed workouts in one statement (one round
 * trip instead of three). On SQLite the two JSON fields are read by the database (a plan is
 * ~5 kB of JSON: sending and parsing all of it cost more than the query), `json_valid` first
 * so that a text that is not JSON reads as absent, as in the app. PostgreSQL (before 16)
 * cannot test JSON without failing on a bad one, so there the app parses the columns.
 */
const overviewQuery = prepared<{ userId: number; today: string; from: string; to: string }, OverviewRow>((db, p) => {
  const sqlite = onSqlite(db);
  const goal = sqlite
    ? sql`CASE WHEN json_valid(structured_data) THEN json_extract(structured_data, '$.morning.personal_goal') END`
    : sql`structured_data`;
  const title = sqlite ? sql`CASE WHEN json_valid(plan) THEN json_extract(plan, '$.title') END` : sql`plan`;
  const exercises = sqlite
    ? sql`CASE WHEN json_valid(plan) THEN (SELECT coalesce(sum(json_array_length(s.value, '$.exercises')), 0)
        FROM json_each(plan, '$.workout_sections') AS s WHERE json_type(s.value, '$.exercises') = 'array') END`
    : sql`NULL`;
  const dates = sqlite ? sql`group_concat(date, ',')` : sql`string_agg(date, ',')`;
  const current = sql`user_id = ${p.userId} AND date = ${p.today} AND replaced_at IS NULL`;
  const log = sql`FROM workout_logs WHERE user_id = ${p.userId} AND date = ${p.today}`;
  return sql<OverviewRow>`SELECT
    (SELECT ${goal} FROM journal_entries
      WHERE user_id = ${p.userId} AND journal_type = 'daily' AND date = ${p.today} ORDER BY id DESC LIMIT 1) AS goal,
    (SELECT id FROM workout_plans WHERE ${current}) AS plan_id,
    (SELECT ${title} FROM workout_plans WHERE ${current}) AS plan_title,
    (SELECT ${exercises} FROM workout_plans WHERE ${current}) AS plan_exercises,
    (SELECT count(*) FROM exercise_progress WHERE user_id = ${p.userId}
      AND workout_uuid = (SELECT plan_uuid FROM workout_plans WHERE ${current})) AS marked,
    (SELECT id ${log}) AS log_id,
    (SELECT workout_skipped ${log}) AS log_skipped,
    (SELECT workout_done ${log}) AS log_done,
    (SELECT ${dates} FROM workout_logs
      WHERE user_id = ${p.userId} AND ${completedLogSql()} AND date >= ${p.from} AND date <= ${p.to}) AS done`;
});

const field = (data: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);
const fromJson = (db: Db, value: unknown, path: string[]) =>
  onSqlite(db) ? value : field(parseJson(typeof value === 'string' ? value : null), path);

/** How many exercises a plan (parsed JSON) has. */
function exercisesOf(plan: unknown): number {
  const sections = field(plan, ['workout_sections']);
  if (!Array.isArray(sections)) return 0;
  return sections.reduce((n: number, s) => {
    const list = field(s, ['exercises']);
    return n + (Array.isArray(list) ? list.length : 0);
  }, 0);
}

export interface TodayStatus {
  status: DayStatus;
  /** Today's plan's exercises and how many are marked (0 and 0 without a plan). */
  exercises: number;
  marked: number;
}

/**
 * The overview's own data for a day: `morning.personal_goal` of that day's daily note, that
 * day's current plan (its id and title), the day's status (common/src/workoutStatus.ts) and the
 * dates in [from, to] whose log counts as a completed workout (in order).
 */
export async function overviewData(
  db: Db,
  userId: number,
  today: string,
  week: { from: string; to: string },
): Promise<{
  personalGoal: string | null;
  workout: { id: number; title: string } | null;
  workoutStatus: TodayStatus;
  completed: string[];
}> {
  const row = await overviewQuery.executeTakeFirst(db, { userId, today, ...week });
  const goal = fromJson(db, row?.goal, ['morning', 'personal_goal']);
  const title = fromJson(db, row?.plan_title, ['title']);
  const planId = row?.plan_id;
  const hasPlan = planId !== null && planId !== undefined;
  const exercises = !hasPlan
    ? 0
    : onSqlite(db)
      ? Number(row?.plan_exercises ?? 0)
      : exercisesOf(parseJson(typeof row?.plan_title === 'string' ? row.plan_title : null));
  const plan = hasPlan ? { exercises, marked: Math.min(exercises, Number(row?.marked ?? 0)) } : null;
  const inputs: DayInputs = {
    plan,
    log:
      row?.log_id === null || row?.log_id === undefined
        ? null
        : {
            workout_skipped: Number(row.log_skipped),
            workout_done: row.log_done === null ? null : Number(row.log_done),
          },
  };
  return {
    workoutStatus: { status: dayStatus(inputs), exercises: plan?.exercises ?? 0, marked: plan?.marked ?? 0 },
    personalGoal: (typeof goal === 'string' && goal.trim()) || null,
    workout:
      planId === null || planId === undefined
        ? null
        : { id: Number(planId), title: typeof title === 'string' && title.trim() ? title : 'Workout' },
    completed: row?.done ? row.done.split(',').sort() : [],
  };
}
