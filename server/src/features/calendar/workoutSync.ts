import { type WorkoutPlan, workoutPlanSchema } from '#common/api/workout.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { getPlanById, type PlanRow } from '../workout/plansRepo.js';
import { writeBackSwitches } from './service.js';
import { hasWritableCalendar, workoutEvent, writeItem } from './writeback.js';

/** Writes a workout plan to the calendar as the all-day event of its date (kind 'workout', keyed by date). */
async function writePlan(ctx: AppContext, userId: number, row: PlanRow) {
  const json = JSON.parse(row.plan) as Partial<WorkoutPlan>;
  const parsed = workoutPlanSchema.safeParse(json);
  // A plan stored by an older version may miss fields: its title and description still go.
  const plan: WorkoutPlan = parsed.success
    ? parsed.data
    : ({
        title: typeof json.title === 'string' ? json.title : 'Workout',
        description: typeof json.description === 'string' ? json.description : '',
        estimated_duration: Number(json.estimated_duration) || 0,
        workout_sections: [],
      } as unknown as WorkoutPlan);
  return writeItem(ctx, userId, 'workout', row.date, workoutEvent(plan, row.date));
}

/** POST /calendar/sync-workout/{id} */
export async function syncWorkout(ctx: AppContext, userId: number, planId: number) {
  const row = await getPlanById(ctx.db, userId, planId);
  if (!row) throw notFound('Workout plan not found');
  return { success: true as const, ...(await writePlan(ctx, userId, row)) };
}

/**
 * After a workout is generated: with sync_workouts on (the default) and a writable calendar
 * connected, the plan goes to the calendar. A failure never fails the generation; it is
 * recorded on the connection (last_error) and returned for the log.
 */
export async function afterWorkoutGenerated(ctx: AppContext, userId: number, row: PlanRow): Promise<string | null> {
  try {
    const settings = await writeBackSwitches(ctx.db, userId);
    if (!settings.sync_workouts || !(await hasWritableCalendar(ctx, userId, 'workout'))) return null;
    await writePlan(ctx, userId, row);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
