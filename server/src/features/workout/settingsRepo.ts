import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';

export interface SettingsRow {
  id: number;
  equipment_available: string;
  workout_preferences: string;
}

export function getSettings(db: Db, userId: number): Promise<SettingsRow | undefined> {
  return db
    .selectFrom('workout_settings')
    .select(['id', 'equipment_available', 'workout_preferences'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function saveSettings(
  db: Db,
  userId: number,
  s: { equipment_available: string; workout_preferences: string },
): Promise<SettingsRow> {
  const now = nowIso();
  return db
    .insertInto('workout_settings')
    .values({ user_id: userId, ...s, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...s, updated_at: now }))
    .returning(['id', 'equipment_available', 'workout_preferences'])
    .executeTakeFirstOrThrow();
}
