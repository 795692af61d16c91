import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { parseJson } from '../journal/repo.js';

/**
 * On SQLite the one JSON field the overview shows is read by the database (the plan is ~5 kB
 * of JSON, sending and parsing all of it cost more than the query); `json_valid` first, so a
 * text that is not JSON reads as absent, as in the app. PostgreSQL (before 16) cannot test
 * JSON without failing on a bad one, so there the app parses the column.
 */
function sqliteJsonField(column: string, path: string[]) {
  return sql<unknown>`CASE WHEN json_valid(${sql.ref(column)}) THEN json_extract(${sql.ref(column)}, ${sql.lit(`$.${path.join('.')}`)}) END`;
}

const field = (data: Record<string, unknown> | null, path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);

/** `morning.personal_goal` of the user's daily note of a date, if it has one. */
export async function personalGoalOn(db: Db, dialect: Dialect, userId: number, date: string): Promise<string | null> {
  const path = ['morning', 'personal_goal'];
  const query = db
    .selectFrom('journal_entries')
    .where('user_id', '=', userId)
    .where('journal_type', '=', 'daily')
    .where('date', '=', date)
    .orderBy('id', 'desc');
  const value =
    dialect === 'sqlite'
      ? (await query.select(sqliteJsonField('structured_data', path).as('goal')).executeTakeFirst())?.goal
      : field(parseJson((await query.select('structured_data').executeTakeFirst())?.structured_data ?? null), path);
  const goal = typeof value === 'string' ? value.trim() : '';
  return goal || null;
}

/** The user's plan of a date: its id and the plan JSON's title. */
export async function planOn(
  db: Db,
  dialect: Dialect,
  userId: number,
  date: string,
): Promise<{ id: number; title: string } | null> {
  const query = db.selectFrom('workout_plans').where('user_id', '=', userId).where('date', '=', date);
  let row: { id: number; title: unknown } | undefined;
  if (dialect === 'sqlite') {
    row = await query.select(['id', sqliteJsonField('plan', ['title']).as('title')]).executeTakeFirst();
  } else {
    const stored = await query.select(['id', 'plan']).executeTakeFirst();
    row = stored && { id: stored.id, title: parseJson(stored.plan)?.title };
  }
  if (!row) return null;
  const { title } = row;
  return { id: row.id, title: typeof title === 'string' && title.trim() ? title : 'Workout' };
}

/** Dates in [from, to] with a workout log not marked skipped. */
export async function completedWorkoutDates(db: Db, userId: number, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('workout_logs')
    .select('date')
    .distinct()
    .where('user_id', '=', userId)
    .where('workout_skipped', '=', 0)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return new Set(rows.map((r) => r.date));
}
