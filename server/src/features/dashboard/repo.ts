import type { Db } from '../../db/index.js';
import { parseJson } from '../journal/repo.js';

/** `morning.personal_goal` of the user's daily note of a date, if it has one. */
export async function personalGoalOn(db: Db, userId: number, date: string): Promise<string | null> {
  const row = await db
    .selectFrom('journal_entries')
    .select('structured_data')
    .where('user_id', '=', userId)
    .where('journal_type', '=', 'daily')
    .where('date', '=', date)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const morning = parseJson(row?.structured_data ?? null)?.morning as { personal_goal?: unknown } | undefined;
  const goal = typeof morning?.personal_goal === 'string' ? morning.personal_goal.trim() : '';
  return goal || null;
}

/** The user's plan of a date: its id and the plan JSON's title. */
export async function planOn(db: Db, userId: number, date: string): Promise<{ id: number; title: string } | null> {
  const row = await db
    .selectFrom('workout_plans')
    .select(['id', 'plan'])
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .executeTakeFirst();
  if (!row) return null;
  const title = parseJson(row.plan)?.title;
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
