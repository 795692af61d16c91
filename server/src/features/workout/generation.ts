import { randomUUID } from 'node:crypto';
import type { Sport } from '#common/api/activities.js';
import type { GenerationEvent, WorkoutPlan } from '#common/api/workout.js';
import { addDays } from '#common/time.js';
import { type PlannerInput, planWorkout, targetMinutes } from '#common/workoutPlanner.js';
import { AI_MESSAGES } from '../../ai/errors.js';
import { type LlmWorkout, llmWorkoutSchema, WORKOUT_SYSTEM_PROMPT, workoutPrompt } from '../../ai/prompts/workout.js';
import { AiError } from '../../ai/provider.js';
import type { AppContext } from '../../context.js';
import { activitiesBetween } from '../activities/repo.js';
import { afterWorkoutGenerated } from '../calendar/workoutSync.js';
import { afterPlanGenerated, sessionOfDate } from '../training/service.js';
import { listLogs } from './logsRepo.js';
import { listPlans, savePlan } from './plansRepo.js';
import { clearProgress, feedbackVerdicts } from './progressRepo.js';
import { loadSettings, presentPlan } from './service.js';

type Emit = (e: GenerationEvent) => void;

/** Fills every missing uuid of the plan, its sections and exercises. */
function withUuids(plan: WorkoutPlan): WorkoutPlan & { uuid: string } {
  return {
    ...plan,
    uuid: plan.uuid || randomUUID(),
    workout_sections: plan.workout_sections.map((s) => ({
      ...s,
      uuid: s.uuid || randomUUID(),
      exercises: s.exercises.map((e) => ({ ...e, uuid: e.uuid || randomUUID() })),
    })),
  };
}

/** The planner's inputs from the database: settings, the last two weeks of plans and logs, feedback. */
async function gatherInputs(ctx: AppContext, userId: number, date: string, customPrompt: string | undefined) {
  const [settings, plans, logs, verdicts, session, recorded] = await Promise.all([
    loadSettings(ctx.db, userId),
    listPlans(ctx.db, userId, { limit: 14 }),
    listLogs(ctx.db, userId, { limit: 14 }),
    feedbackVerdicts(ctx.db, userId),
    sessionOfDate(ctx, userId, date),
    activitiesBetween(ctx.db, userId, addDays(date, -7), addDays(date, -1)),
  ]);
  const skipped = new Set(logs.filter((l) => l.workout_skipped === 1).map((l) => l.date));
  const input: PlannerInput = {
    date,
    equipment: settings.equipment,
    preferredDuration: settings.preferences.preferredDuration,
    weatherDependent: settings.preferences.weatherDependent,
    customPrompt,
    // A plan whose day was logged as skipped was not done: it does not count as training.
    recentPlans: plans
      .filter((p) => p.date !== date && !skipped.has(p.date))
      .map((p) => ({ date: p.date, focus: p.focus, intensity: p.intensity })),
    liked: verdicts.liked,
    disliked: verdicts.disliked,
    session,
    recentActivities: recorded.map((a) => ({
      date: a.date,
      sport: a.sport as Sport,
      minutes: Math.round(Number(a.moving_s ?? a.elapsed_s) / 60),
      distance_km: Math.round(Number(a.distance_m ?? 0) / 100) / 10,
    })),
  };
  return input;
}

/** Checks beyond the schema: the plan must respect the same rules as the offline planner. */
function ruleProblems(plan: LlmWorkout, input: PlannerInput, duration: number): string | null {
  const total = plan.workout_sections.reduce((s, x) => s + x.duration, 0);
  if (Math.abs(total - duration) > duration * 0.1) {
    return `sections add up to ${total} minutes instead of ${duration}`;
  }
  const disliked = new Set(input.disliked.map((d) => d.toLowerCase()));
  const bad = plan.workout_sections.flatMap((s) => s.exercises).find((e) => disliked.has(e.name.toLowerCase()));
  if (bad) return `it includes the disliked exercise ${bad.name}`;
  return null;
}

/**
 * Generates and stores the plan for `date`, reporting each real step through `emit`.
 * With an AI provider the model writes the plan; invalid output falls back to the planner
 * with a warning, and a provider failure ends with an error event.
 */
export async function generateWorkout(
  ctx: AppContext,
  userId: number,
  q: { date: string; customPrompt?: string },
  emit: Emit,
  signal: AbortSignal,
): Promise<void> {
  emit({
    event: 'progress',
    data: { progress: 10, message: 'Loading your settings, recent workouts and feedback...' },
  });
  const input = await gatherInputs(ctx, userId, q.date, q.customPrompt?.trim() || undefined);
  const duration = targetMinutes(input);

  let plan: WorkoutPlan | null = null;
  let focus: string | null = null;
  let intensity: string | null = null;
  let source = 'planner';

  if (ctx.ai.enabled) {
    emit({
      event: 'progress',
      data: { progress: 25, message: `Asking the AI coach (${ctx.ai.model}) to write your plan...` },
    });
    try {
      const out = await ctx.ai.generateObject({
        system: WORKOUT_SYSTEM_PROMPT,
        prompt: workoutPrompt({ ...input, duration }),
        schema: llmWorkoutSchema,
        signal,
      });
      const problem = ruleProblems(out, input, duration);
      if (problem) {
        emit({
          event: 'warning',
          data: {
            message: 'The AI plan broke the workout rules, so the offline planner made this plan.',
            details: problem,
          },
        });
      } else {
        const { focus: f, intensity: i, ...rest } = out;
        plan = { ...rest, estimated_duration: duration };
        focus = f;
        intensity = i;
        source = ctx.ai.name;
        emit({ event: 'progress', data: { progress: 75, message: 'Plan received and checked.' } });
      }
    } catch (err) {
      if (signal.aborted) return;
      if (err instanceof AiError && err.message === AI_MESSAGES.invalidOutput) {
        emit({
          event: 'warning',
          data: { message: 'The AI plan was not valid, so the offline planner made this plan.', details: err.details },
        });
      } else {
        const e = err instanceof AiError ? err : new AiError(AI_MESSAGES.failed, String(err));
        emit({ event: 'error', data: { error: e.message, details: e.details } });
        return;
      }
    }
  }

  if (!plan) {
    emit({ event: 'progress', data: { progress: 50, message: 'Choosing exercises for your equipment and time...' } });
    const result = planWorkout(input);
    plan = result.plan;
    focus = result.focus;
    intensity = result.intensity;
    emit({ event: 'progress', data: { progress: 75, message: 'Balancing sections and rest...' } });
  }
  if (signal.aborted) return;

  emit({ event: 'progress', data: { progress: 90, message: 'Saving your plan...' } });
  const full = withUuids(plan);
  const { row, replacedUuid } = await savePlan(ctx.db, userId, {
    date: q.date,
    plan: JSON.stringify(full),
    plan_uuid: full.uuid,
    focus,
    intensity,
    source,
  });
  // An overwritten plan had no marks to keep; an earlier version kept in history keeps its own.
  if (replacedUuid && replacedUuid !== full.uuid) await clearProgress(ctx.db, userId, replacedUuid);
  // With sync_workouts on, the plan also goes to the user's calendar (never failing the generation),
  // before `completed`: a client that syncs the plan the moment it is complete then updates the
  // event written here instead of racing this write.
  // A day with a training session held in the calendar: that event carries the plan's title
  // (no all-day event beside it).
  const calendarProblem = (await afterPlanGenerated(ctx, userId, q.date).catch(() => false))
    ? null
    : await afterWorkoutGenerated(ctx, userId, row);
  if (calendarProblem) {
    emit({
      event: 'warning',
      data: { message: 'Your plan is saved, but it could not be added to your calendar.', details: calendarProblem },
    });
  }
  emit({ event: 'completed', data: presentPlan(row) });
}
