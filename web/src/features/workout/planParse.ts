import type { Exercise, WorkoutPlan, WorkoutSection } from '#common/api/workout.js';
import { WORKOUT_SKIPPED_TEXT } from '#common/workoutConstants.js';

/** An exercise of a parsed plan: its uuid is always there. */
export type PlanExercise = Exercise & { uuid: string };
export type FullPlan = Omit<WorkoutPlan, 'uuid' | 'workout_sections'> & {
  uuid: string;
  workout_sections: Array<Omit<WorkoutSection, 'uuid' | 'exercises'> & { uuid: string; exercises: PlanExercise[] }>;
};

type ParsedPlan =
  | { kind: 'skipped'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'structured'; plan: FullPlan };

/**
 * Reads a stored plan record: id 0 or 'Workout Skipped' is a skipped card, text that is not
 * JSON is shown as it is, and missing uuids are filled in (stable per record, so progress sticks).
 */
export function parsePlan(record: { id: number; plan: string }): ParsedPlan {
  if (record.id === 0 || record.plan.includes(WORKOUT_SKIPPED_TEXT)) return { kind: 'skipped', text: record.plan };
  let data: unknown;
  try {
    data = JSON.parse(record.plan);
  } catch {
    return { kind: 'text', text: record.plan };
  }
  const p = data as Partial<WorkoutPlan> | null;
  if (!p || typeof p !== 'object' || !Array.isArray(p.workout_sections)) return { kind: 'text', text: record.plan };
  const planUuid = p.uuid || `plan-${record.id}`;
  return {
    kind: 'structured',
    plan: {
      title: p.title ?? 'Workout',
      description: p.description ?? '',
      estimated_duration: p.estimated_duration ?? 0,
      equipment_needed: Array.isArray(p.equipment_needed) ? p.equipment_needed : [],
      notes: p.notes ?? '',
      uuid: planUuid,
      workout_sections: p.workout_sections.map((s, i) => ({
        ...s,
        exercises: Array.isArray(s.exercises)
          ? s.exercises.map((e, j) => ({ ...e, uuid: e.uuid || `${planUuid}-s${i}-e${j}` }))
          : [],
        uuid: s.uuid || `${planUuid}-s${i}`,
      })),
    },
  };
}

export function formatDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
