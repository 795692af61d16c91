import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';

export interface SettingsRow {
  id: number;
  equipment_available: string;
  workout_preferences: string;
}

// Read by every settings and plan request: compiled once (db/prepared.ts).
const settingsQuery = prepared<{ userId: number }, SettingsRow>((db, p) =>
  db
    .selectFrom('workout_settings')
    .select(['id', 'equipment_available', 'workout_preferences'])
    .where('user_id', '=', p.userId),
);

export function getSettings(db: Db, userId: number): Promise<SettingsRow | undefined> {
  return settingsQuery.executeTakeFirst(db, { userId });
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
