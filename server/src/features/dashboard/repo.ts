import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { dialectOf } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';
import { parseJson } from '../journal/repo.js';

const onSqlite = (db: Db) => dialectOf(db as unknown as Kysely<unknown>) === 'sqlite';

interface OverviewRow {
  /** SQLite: the goal itself; PostgreSQL: the note's whole structured data. */
  goal: unknown;
  plan_id: number | null;
  /** SQLite: the plan's title; PostgreSQL: the whole plan. */
  plan_title: unknown;
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
  const dates = sqlite ? sql`group_concat(date, ',')` : sql`string_agg(date, ',')`;
  return sql<OverviewRow>`SELECT
    (SELECT ${goal} FROM journal_entries
      WHERE user_id = ${p.userId} AND journal_type = 'daily' AND date = ${p.today} ORDER BY id DESC LIMIT 1) AS goal,
    (SELECT id FROM workout_plans WHERE user_id = ${p.userId} AND date = ${p.today}) AS plan_id,
    (SELECT ${title} FROM workout_plans WHERE user_id = ${p.userId} AND date = ${p.today}) AS plan_title,
    (SELECT ${dates} FROM workout_logs
      WHERE user_id = ${p.userId} AND workout_skipped = 0 AND date >= ${p.from} AND date <= ${p.to}) AS done`;
});

const field = (data: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);
const fromJson = (db: Db, value: unknown, path: string[]) =>
  onSqlite(db) ? value : field(parseJson(typeof value === 'string' ? value : null), path);

/**
 * The overview's own data for a day: `morning.personal_goal` of that day's daily note, that
 * day's plan (its id and title) and the dates in [from, to] with a workout log not marked skipped
 * (in order).
 */
export async function overviewData(
  db: Db,
  userId: number,
  today: string,
  week: { from: string; to: string },
): Promise<{ personalGoal: string | null; workout: { id: number; title: string } | null; completed: string[] }> {
  const row = await overviewQuery.executeTakeFirst(db, { userId, today, ...week });
  const goal = fromJson(db, row?.goal, ['morning', 'personal_goal']);
  const title = fromJson(db, row?.plan_title, ['title']);
  const planId = row?.plan_id;
  return {
    personalGoal: (typeof goal === 'string' && goal.trim()) || null,
    workout:
      planId === null || planId === undefined
        ? null
        : { id: Number(planId), title: typeof title === 'string' && title.trim() ? title : 'Workout' },
    completed: row?.done ? row.done.split(',').sort() : [],
  };
}
