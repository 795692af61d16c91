import {
  type EquipmentAvailable,
  equipmentAvailable,
  type PlanRecord,
  type SaveLogRequest,
  type SettingsResponse,
  type WorkoutLog,
  type WorkoutPreferences,
  workoutPreferences,
} from '../../../../common/src/api/workout.js';
import {
  DEFAULT_EQUIPMENT,
  DEFAULT_WORKOUT_PREFERENCES,
  type Equipment,
} from '../../../../common/src/workoutConstants.js';
import type { Db } from '../../db/index.js';
import type { LogRow } from './logsRepo.js';
import type { PlanRow } from './plansRepo.js';
import { getSettings } from './settingsRepo.js';

/** Today's date in YYYY-MM-DD (UTC), as the spec defines "today's plan". */
export const todayUtc = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

export const presentPlan = (r: PlanRow): PlanRecord => ({ id: r.id, date: r.date, plan: r.plan });

export function presentLog(r: LogRow): WorkoutLog {
  let completion: WorkoutLog['workout_completion'] = null;
  if (r.workout_completion) {
    try {
      completion = JSON.parse(r.workout_completion);
    } catch {
      completion = null;
    }
  }
  return {
    id: r.id,
    date: r.date,
    entry: r.entry,
    workout_completion: completion,
    workout_skipped: r.workout_skipped === 1,
  };
}

export function logValues(body: SaveLogRequest) {
  return {
    date: body.date,
    entry: body.entry,
    workout_completion: body.workout_completion ? JSON.stringify(body.workout_completion) : null,
    workout_skipped: body.workout_skipped ? 1 : 0,
  };
}

function parseOr<T>(
  text: string | undefined,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  fallback: T,
): T {
  if (!text) return fallback;
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? (r.data as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The user's settings, or the §3 defaults when they never saved any. */
export async function loadSettings(db: Db, userId: number) {
  const row = await getSettings(db, userId);
  const equipment: EquipmentAvailable = parseOr(row?.equipment_available, equipmentAvailable, DEFAULT_EQUIPMENT);
  const preferences: WorkoutPreferences = parseOr(row?.workout_preferences, workoutPreferences, {
    ...DEFAULT_WORKOUT_PREFERENCES,
  });
  const response: SettingsResponse = {
    id: row?.id ?? 0,
    equipmentAvailable: JSON.stringify(equipment),
    workoutPreferences: JSON.stringify(preferences),
  };
  const list: Equipment[] = [...equipment.indoor, ...equipment.home, ...equipment.outdoor];
  return { response, equipment: list, preferences };
}
