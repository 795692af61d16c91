import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { dialectOf } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';
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

const onSqlite = (db: Db) => dialectOf(db as unknown as Kysely<unknown>) === 'sqlite';

const goalQuery = prepared<{ userId: number; date: string }, { goal?: unknown; structured_data?: string | null }>(
  (db, p) => {
    const query = db
      .selectFrom('journal_entries')
      .where('user_id', '=', p.userId)
      .where('journal_type', '=', 'daily')
      .where('date', '=', p.date)
      .orderBy('id', 'desc');
    return onSqlite(db)
      ? query.select(sqliteJsonField('structured_data', ['morning', 'personal_goal']).as('goal'))
      : query.select('structured_data');
  },
);

/** `morning.personal_goal` of the user's daily note of a date, if it has one. */
export async function personalGoalOn(db: Db, userId: number, date: string): Promise<string | null> {
  const row = await goalQuery.executeTakeFirst(db, { userId, date });
  const value =
    row && 'goal' in row ? row.goal : field(parseJson(row?.structured_data ?? null), ['morning', 'personal_goal']);
  const goal = typeof value === 'string' ? value.trim() : '';
  return goal || null;
}

const planQuery = prepared<{ userId: number; date: string }, { id: number; title?: unknown; plan?: string }>(
  (db, p) => {
    const query = db.selectFrom('workout_plans').where('user_id', '=', p.userId).where('date', '=', p.date);
    return onSqlite(db)
      ? query.select(['id', sqliteJsonField('plan', ['title']).as('title')])
      : query.select(['id', 'plan']);
  },
);

/** The user's plan of a date: its id and the plan JSON's title. */
export async function planOn(db: Db, userId: number, date: string): Promise<{ id: number; title: string } | null> {
  const row = await planQuery.executeTakeFirst(db, { userId, date });
  if (!row) return null;
  const title = 'title' in row ? row.title : parseJson(row.plan ?? null)?.title;
  return { id: row.id, title: typeof title === 'string' && title.trim() ? title : 'Workout' };
}

const completedQuery = prepared<{ userId: number; from: string; to: string }, { date: string }>((db, p) =>
  db
    .selectFrom('workout_logs')
    .select('date')
    .distinct()
    .where('user_id', '=', p.userId)
    .where('workout_skipped', '=', 0)
    .where('date', '>=', p.from)
    .where('date', '<=', p.to),
);

/** Dates in [from, to] with a workout log not marked skipped. */
export async function completedWorkoutDates(db: Db, userId: number, from: string, to: string): Promise<Set<string>> {
  const rows = await completedQuery.execute(db, { userId, from, to });
  return new Set(rows.map((r) => r.date));
}
