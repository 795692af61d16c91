import { DEFAULT_TRAINING_RULE, type TrainingRuleValue, trainingRule } from '#common/api/training.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import type { TrainingSessionsTable } from '../../db/schema.js';
import { loadSettings } from '../workout/service.js';

export type SessionRow = Omit<TrainingSessionsTable, 'id'> & { id: number };

/**
 * The user's rule; a user who never saved one gets the defaults (off), the preferred length from
 * their workout settings. A stored rule that no longer reads (an older shape) is read as far as
 * it goes over the defaults.
 */
export async function getRule(db: Db, userId: number): Promise<TrainingRuleValue> {
  const row = await db.selectFrom('training_rules').select('rule').where('user_id', '=', userId).executeTakeFirst();
  if (row) {
    const parsed = trainingRule.safeParse({ ...DEFAULT_TRAINING_RULE, ...(JSON.parse(row.rule) as object) });
    if (parsed.success) return parsed.data;
  }
  const preferred = (await loadSettings(db, userId)).preferences.preferredDuration;
  return trainingRule.parse({
    ...DEFAULT_TRAINING_RULE,
    preferred_minutes: preferred,
    min_minutes: Math.min(DEFAULT_TRAINING_RULE.min_minutes, preferred),
  });
}

/** Whether the user's rule is on, in one read (no rule saved: off, and no defaults are read). */
export async function ruleIsOn(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('training_rules').select('rule').where('user_id', '=', userId).executeTakeFirst();
  if (!row) return false;
  const parsed = trainingRule.safeParse({ ...DEFAULT_TRAINING_RULE, ...(JSON.parse(row.rule) as object) });
  return parsed.success && parsed.data.enabled;
}

export async function saveRule(db: Db, userId: number, rule: TrainingRuleValue): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('training_rules')
    .values({ user_id: userId, rule: JSON.stringify(rule), updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ rule: JSON.stringify(rule), updated_at: now }))
    .execute();
}

/**
 * Takes the planning of a week: true for the one caller (of any app instance) whose row went in,
 * false when the week was planned already. The unique key decides between callers that arrive
 * together.
 */
export async function takeWeek(db: Db, userId: number, weekStart: string): Promise<boolean> {
  const row = await db
    .insertInto('training_weeks')
    .values({ user_id: userId, week_start: weekStart, planned_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'week_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function weekTaken(db: Db, userId: number, weekStart: string): Promise<boolean> {
  const row = await db
    .selectFrom('training_weeks')
    .select('id')
    .where('user_id', '=', userId)
    .where('week_start', '=', weekStart)
    .executeTakeFirst();
  return row !== undefined;
}

export function listWeek(db: Db, userId: number, weekStart: string): Promise<SessionRow[]> {
  return db
    .selectFrom('training_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('week_start', '=', weekStart)
    .orderBy('idx')
    .execute();
}

/** Sessions on the dates from `from` to `to` (inclusive), in date order. */
export function listBetween(db: Db, userId: number, from: string, to: string): Promise<SessionRow[]> {
  return db
    .selectFrom('training_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('idx')
    .execute();
}

export function getSession(db: Db, userId: number, id: number): Promise<SessionRow | undefined> {
  return db
    .selectFrom('training_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type SessionValues = Pick<
  SessionRow,
  'date' | 'start_at' | 'end_at' | 'minutes' | 'status' | 'placed_by' | 'calendar' | 'note' | 'changed_at'
>;

/** Adds the week's session `idx`, or sets it anew when it is there (a week planned again). */
export async function putSession(
  db: Db,
  userId: number,
  weekStart: string,
  idx: number,
  v: SessionValues,
): Promise<SessionRow> {
  const now = nowIso();
  return db
    .insertInto('training_sessions')
    .values({ user_id: userId, week_start: weekStart, idx, ...v, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'week_start', 'idx']).doUpdateSet({ ...v, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Changes a session only when it is still as `seen` (its start and status): of two instances
 * that defend the same week at once, one changes it and the other finds it changed (undefined).
 */
export function updateSession(
  db: Db,
  userId: number,
  seen: Pick<SessionRow, 'id' | 'start_at' | 'status'>,
  v: Partial<SessionValues>,
): Promise<SessionRow | undefined> {
  return db
    .updateTable('training_sessions')
    .set({ ...v, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('id', '=', seen.id)
    .where('start_at', '=', seen.start_at)
    .where('status', '=', seen.status)
    .returningAll()
    .executeTakeFirst();
}

/** Records how the session's calendar event stands (written, pending, off, failed). */
export async function setCalendarState(db: Db, userId: number, id: number, calendar: string): Promise<void> {
  await db
    .updateTable('training_sessions')
    .set({ calendar })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** The sessions past `count` of a week, dropped when the rule asks for fewer. */
export async function deleteFrom(db: Db, userId: number, weekStart: string, count: number): Promise<void> {
  await db
    .deleteFrom('training_sessions')
    .where('user_id', '=', userId)
    .where('week_start', '=', weekStart)
    .where('idx', '>', count)
    .execute();
}

/** Users whose rule is on: the ones the background refresh plans and defends a week for. */
export async function usersWithRule(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('training_rules').select(['user_id', 'rule']).execute();
  return rows.filter((r) => (JSON.parse(r.rule) as { enabled?: boolean }).enabled === true).map((r) => r.user_id);
}

/** Dates from `from` to `to` that have a workout log (a session on such a day is done). */
export async function loggedDates(db: Db, userId: number, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('workout_logs')
    .select('date')
    .where('user_id', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('workout_skipped', '=', 0)
    .execute();
  return new Set(rows.map((r) => r.date));
}
