import type { z } from 'zod';
import type { SettingsResponse } from '#common/api/settings.js';
import {
  type EquipmentAvailable,
  equipmentAvailable,
  type PlanRecord,
  type SaveLogRequest,
  type WorkoutLog,
  type WorkoutPreferences,
  workoutPreferences,
} from '#common/api/workout.js';
import { DEFAULT_EQUIPMENT, DEFAULT_WORKOUT_PREFERENCES, type Equipment } from '#common/workoutConstants.js';
import { logFlagsToSave, logStatus } from '#common/workoutStatus.js';
import type { Db } from '../../db/index.js';
import { byText } from '../../textMemo.js';
import type { LogRow } from './logsRepo.js';
import type { PlanRow } from './plansRepo.js';
import { getSettings, type SettingsRow } from './settingsRepo.js';

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
    workout_skipped: Number(r.workout_skipped) === 1,
    workout_done: logStatus(r) === 'completed',
    status: logStatus(r),
    plan_id: r.plan_id === null ? null : Number(r.plan_id),
  };
}

/** A log as it is stored: its flags by the one rule (logFlagsToSave). */
export function logValues(body: SaveLogRequest) {
  const flags = logFlagsToSave(body);
  return {
    date: body.date,
    entry: body.entry,
    workout_completion: body.workout_completion ? JSON.stringify(body.workout_completion) : null,
    workout_skipped: flags.workout_skipped ? 1 : 0,
    workout_done: flags.workout_done ? 1 : 0,
    plan_id: body.plan_id ?? null,
  };
}

function parseOr<T>(text: string | undefined, schema: z.ZodType<T>, fallback: T): T {
  if (!text) return fallback;
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : fallback;
  } catch {
    return fallback;
  }
}

/** Settings from their stored row, or the §3 defaults when the user never saved any. */
export function settingsOf(row: SettingsRow | undefined) {
  const equipment: EquipmentAvailable = parseOr(row?.equipment_available, equipmentAvailable, DEFAULT_EQUIPMENT);
  const preferences: WorkoutPreferences = parseOr(row?.workout_preferences, workoutPreferences, {
    ...DEFAULT_WORKOUT_PREFERENCES,
  });
  const response: Omit<SettingsResponse, 'timezone' | 'aiConfigured'> = {
    id: row?.id ?? 0,
    equipmentAvailable: JSON.stringify(equipment),
    workoutPreferences: JSON.stringify(preferences),
  };
  const list: Equipment[] = [...equipment.indoor, ...equipment.home, ...equipment.outdoor];
  return { response, equipment: list, preferences };
}

export const loadSettings = async (db: Db, userId: number) => settingsOf(await getSettings(db, userId));

/**
 * A stored settings text as the response writes it (parsed, checked against its schema,
 * defaults when damaged, written again), by stored text: every read of the settings did that
 * work again for the same two texts.
 */
const equipmentText = byText((t) => JSON.stringify(parseOr(t, equipmentAvailable, DEFAULT_EQUIPMENT)), 1_000);
const preferencesText = byText(
  (t) => JSON.stringify(parseOr(t, workoutPreferences, { ...DEFAULT_WORKOUT_PREFERENCES })),
  1_000,
);

/** `settingsOf(row).response`, for reads that need nothing else (GET /api/settings). */
export const settingsResponseOf = (
  row: SettingsRow | undefined,
): Omit<SettingsResponse, 'timezone' | 'aiConfigured'> => ({
  id: row?.id ?? 0,
  equipmentAvailable: equipmentText(row?.equipment_available ?? ''),
  workoutPreferences: preferencesText(row?.workout_preferences ?? ''),
});
