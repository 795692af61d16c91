import type { PlanSummary, WorkoutPlan } from './api/workout.js';
import { WORKOUT_SKIPPED_TEXT } from './workoutConstants.js';

/**
 * What the plan list shows of a stored plan, read the way the plan view reads it (part 2 §3):
 * id 0 or a text saying 'Workout Skipped' is a skipped day, text that is not a plan of sections
 * is shown as it is, and a plan without a title is 'Workout'.
 */
export function summarisePlan(record: { id: number; date: string; plan: string }): Omit<PlanSummary, 'replaced'> {
  const base = { id: record.id, date: record.date };
  if (record.id === 0 || record.plan.includes(WORKOUT_SKIPPED_TEXT))
    return { ...base, kind: 'skipped', title: WORKOUT_SKIPPED_TEXT, estimated_duration: null };
  let data: unknown;
  try {
    data = JSON.parse(record.plan);
  } catch {
    data = null;
  }
  const p = data as Partial<WorkoutPlan> | null;
  if (!p || typeof p !== 'object' || !Array.isArray(p.workout_sections))
    return { ...base, kind: 'text', title: 'Workout plan', estimated_duration: null };
  return {
    ...base,
    kind: 'structured',
    title: typeof p.title === 'string' && p.title ? p.title : 'Workout',
    estimated_duration: typeof p.estimated_duration === 'number' ? p.estimated_duration : null,
  };
}
