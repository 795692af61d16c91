import type { SettingsResponse } from '../../../../common/src/api/settings.js';
import type { Db } from '../../db/index.js';
import { setUserTimeZone } from '../../time/userZone.js';
import type { AuthUser } from '../auth/service.js';
import { loadSettings, settingsOf, settingsResponseOf } from '../workout/service.js';
import { getSettings as readWorkoutSettings, saveSettings as saveWorkoutSettings } from '../workout/settingsRepo.js';

export async function getSettings(db: Db, user: AuthUser): Promise<SettingsResponse> {
  return { ...settingsResponseOf(await readWorkoutSettings(db, user.id)), timezone: user.timeZone };
}

export async function saveSettings(
  db: Db,
  user: AuthUser,
  body: { equipmentAvailable?: string; workoutPreferences?: string; timezone?: string },
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
    return { ...workout.response, timezone: body.timezone ?? user.timeZone };
  });
}
