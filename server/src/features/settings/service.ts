import { type SettingsResponse, settingsResponse } from '#common/api/settings.js';
import type { Db } from '../../db/index.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { writtenOnce } from '../../http/writtenOnce.js';
import { setUserTimeZone } from '../../time/userZone.js';
import type { AuthUser } from '../auth/service.js';
import { loadSettings, settingsOf, settingsResponseOf } from '../workout/service.js';
import { getSettings as readWorkoutSettings, saveSettings as saveWorkoutSettings } from '../workout/settingsRepo.js';

/** Settings written by the same compiled serialiser as the route's response. */
const writeSettings = compileResponseSerializer(settingsResponse) as (s: SettingsResponse) => string;

/**
 * Settings answers written as JSON once (`writtenOnce`), by user: every screen that plans a
 * workout reads them, and they change only when saved. An answer is written again whenever its
 * row, either stored text or the user's zone differs from what it was written from.
 */
const writtenSettings = writtenOnce(1024 * 1024);

/** GET /api/settings as the response's JSON. */
export async function getSettingsJson(db: Db, user: AuthUser, aiConfigured: boolean): Promise<string | Buffer> {
  const row = await readWorkoutSettings(db, user.id);
  const write = () => writeSettings({ ...settingsResponseOf(row), timezone: user.timeZone, aiConfigured });
  if (!row) return write();
  const inputs = [row.id, row.equipment_available, row.workout_preferences, user.timeZone, aiConfigured];
  return writtenSettings(String(user.id), inputs, () => ({ text: write(), extra: undefined })).json;
}

export async function saveSettings(
  db: Db,
  user: AuthUser,
  body: { equipmentAvailable?: string; workoutPreferences?: string; timezone?: string },
  aiConfigured: boolean,
): Promise<SettingsResponse> {
  return db.transaction().execute(async (trx) => {
    let workout = await loadSettings(trx, user.id);
    if (body.equipmentAvailable !== undefined || body.workoutPreferences !== undefined) {
      const saved = await saveWorkoutSettings(trx, user.id, {
        equipment_available: body.equipmentAvailable ?? workout.response.equipmentAvailable,
        workout_preferences: body.workoutPreferences ?? workout.response.workoutPreferences,
      });
      workout = settingsOf(saved);
    }
    if (body.timezone !== undefined) await setUserTimeZone(trx, user.id, body.timezone);
    return { ...workout.response, timezone: body.timezone ?? user.timeZone, aiConfigured };
  });
}
