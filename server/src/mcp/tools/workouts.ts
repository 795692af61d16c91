import { activityLine } from '#common/activityFigures.js';
import { activitySummary } from '#common/api/activities.js';
import { saveLogRequest } from '#common/api/workout.js';
import { dayStatus, LOG_STATUS_LABEL } from '#common/workoutStatus.js';
import type { Db } from '../../db/index.js';
import { listActivities } from '../../features/activities/repo.js';
import { generateWorkout } from '../../features/workout/generation.js';
import { getLogByDate, listLogs, saveLog } from '../../features/workout/logsRepo.js';
import { getPlanByDate, listPlanSummaries, type PlanRow } from '../../features/workout/plansRepo.js';
import { listProgress } from '../../features/workout/progressRepo.js';
import { logValues, presentLog } from '../../features/workout/service.js';
import { HttpError } from '../../http/errors.js';
import { defineTool, optionalDate, type ToolDef, z } from './define.js';

const plan = z
  .object({
    id: z.number().int(),
    date: z.string(),
    title: z.string(),
    plan: z.record(z.string(), z.unknown()).describe('Sections with exercises, sets, reps and durations'),
  })
  .nullable();
const log = z.object({
  id: z.number().int(),
  date: z.string(),
  entry: z.string(),
  workout_completion: z.array(z.record(z.string(), z.unknown())).nullable(),
  workout_skipped: z.boolean(),
  workout_done: z.boolean(),
  status: z.enum(['completed', 'skipped', 'none']).describe('Workout Completed, Workout Skipped or No Workout Status'),
});
const dayStatusField = z
  .enum(['completed', 'skipped', 'in_progress', 'planned', 'logged', 'rest'])
  .describe(
    "The day's status: completed or skipped (its log says so), in_progress (some exercises marked), planned (nothing marked yet), logged (a log without a status, no plan), rest (no plan, no log)",
  );

function presentPlan(row: PlanRow | undefined) {
  if (!row) return null;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(row.plan);
  } catch {
    // A stored plan is always JSON; an unreadable one is shown empty rather than failing the call.
  }
  return {
    id: row.id,
    date: row.date,
    title: typeof parsed.title === 'string' ? parsed.title : 'Workout',
    plan: parsed,
  };
}

/** How many exercises a parsed plan lists. */
function exerciseCount(plan: Record<string, unknown>): number {
  const sections = Array.isArray(plan.workout_sections) ? plan.workout_sections : [];
  return sections.reduce(
    (n: number, s: { exercises?: unknown }) => n + (Array.isArray(s.exercises) ? s.exercises.length : 0),
    0,
  );
}

/** A day's plan, log and status (the one rule, common/src/workoutStatus.ts), shared with the 'today' tool. */
export async function workoutOf(db: Db, userId: number, date: string) {
  const [p, l] = await Promise.all([getPlanByDate(db, userId, date), getLogByDate(db, userId, date)]);
  const plan = presentPlan(p);
  const marks = p?.plan_uuid ? (await listProgress(db, userId, p.plan_uuid)).length : 0;
  const exercises = plan ? exerciseCount(plan.plan) : 0;
  const status = dayStatus({ plan: plan ? { exercises, marked: Math.min(marks, exercises) } : null, log: l ?? null });
  return { date, plan, log: l ? presentLog(l) : null, status };
}

/** A log's line: its status in the history's words, then what was written. */
const logLine = (l: ReturnType<typeof presentLog>) => `${LOG_STATUS_LABEL[l.status]}: ${l.entry}`;

function planText(p: NonNullable<ReturnType<typeof presentPlan>>) {
  const sections = Array.isArray(p.plan.workout_sections) ? p.plan.workout_sections : [];
  const lines = sections.map(
    (s: { section_name?: string; duration?: number; exercises?: Array<{ name?: string }> }) => {
      const names = (s.exercises ?? []).map((e) => e.name).join(', ');
      return `- ${s.section_name} (${s.duration} min): ${names}`;
    },
  );
  return `${p.title} (${p.date})\n${lines.join('\n')}`;
}

export const workoutTools: ToolDef[] = [
  defineTool({
    name: 'workout_today',
    title: "Today's workout",
    description:
      'The workout plan for a date (today by default) with its sections and exercises, and the workout log of that date if the user logged one. plan is null when no workout is planned; generate one with workout_generate.',
    input: { date: optionalDate('The day') },
    output: { date: z.string(), plan, log: log.nullable(), status: dayStatusField },
    write: false,
    async run(t, { date }) {
      const w = await workoutOf(t.ctx.db, t.user.id, date ?? t.today());
      const text = [
        w.plan ? planText(w.plan) : `No workout planned for ${w.date}.`,
        w.log ? `Logged: ${logLine(w.log)}` : 'Not logged yet.',
        `Status: ${w.status.replace('_', ' ')}`,
      ].join('\n');
      return { data: w, text };
    },
  }),
  defineTool({
    name: 'workout_generate',
    title: 'Plan a workout',
    description:
      "Plans the workout for a date (today by default) from the user's equipment, preferred duration, recent workouts and exercise feedback, replacing any plan of that date. With an AI provider configured the coach writes it; otherwise the offline planner does. instructions may name a focus, length or limits, e.g. 'short, legs, no jumping'.",
    input: {
      date: optionalDate('The day'),
      instructions: z.string().max(2000).optional().describe('Focus and special instructions in plain words'),
    },
    output: { date: z.string(), plan, warnings: z.array(z.string()) },
    write: true,
    destructive: true,
    async run(t, { date, instructions }) {
      const day = date ?? t.today();
      const warnings: string[] = [];
      let failure: string | null = null;
      await generateWorkout(
        t.ctx,
        t.user.id,
        { date: day, customPrompt: instructions },
        (e) => {
          const data = e.data as { message?: string; error?: string };
          if (e.event === 'warning' && data.message) warnings.push(data.message);
          if (e.event === 'error') failure = data.error ?? 'The workout could not be generated';
        },
        t.signal,
      );
      if (failure) throw new HttpError(502, failure);
      const p = presentPlan(await getPlanByDate(t.ctx.db, t.user.id, day));
      if (!p) throw new HttpError(500, 'The workout could not be generated');
      return { data: { date: day, plan: p, warnings }, text: [planText(p), ...warnings].join('\n') };
    },
  }),
  defineTool({
    name: 'workout_log',
    title: 'Log a workout',
    description:
      'Records what the user did for a date (today by default): a short description of a done workout, or skipped. One log per date: logging the same date again replaces it.',
    input: {
      date: optionalDate('The day'),
      entry: saveLogRequest.shape.entry.describe('What was done, e.g. "30 min run, felt strong"'),
      skipped: z.boolean().default(false).describe('True when the workout was skipped'),
    },
    output: { log },
    write: true,
    destructive: true,
    idempotent: true,
    async run(t, { date, entry, skipped }) {
      const row = await saveLog(
        t.ctx.db,
        t.user.id,
        logValues({ date: date ?? t.today(), entry, workout_skipped: skipped }),
      );
      const saved = presentLog(row);
      return {
        data: { log: saved },
        text: `Logged ${saved.date}: ${saved.workout_skipped ? 'skipped — ' : ''}${saved.entry}`,
      };
    },
  }),
  defineTool({
    name: 'workout_history',
    title: 'Workout history',
    description:
      'The latest workout logs, planned workouts and activities recorded by a watch or bike computer (imported files: sport, distance, time, heart rate, device), newest first, a page at a time: `limit` of each from `offset`.',
    input: {
      limit: z.number().int().min(1).max(100).default(14).describe('How many of each'),
      offset: z.number().int().min(0).max(1_000_000).default(0).describe('How many of each to skip'),
    },
    output: {
      logs: z.array(log),
      plans: z.array(z.object({ id: z.number(), date: z.string(), title: z.string() })),
      activities: z.array(activitySummary),
    },
    write: false,
    async run(t, { limit, offset }) {
      const [logs, plans, recorded] = await Promise.all([
        listLogs(t.ctx.db, t.user.id, { limit, offset }),
        listPlanSummaries(t.ctx.db, t.user.id, { limit, offset }),
        listActivities(t.ctx.db, t.user.id, { limit, offset }),
      ]);
      const data = {
        logs: logs.map(presentLog),
        plans: plans.map((p) => ({ id: p.id, date: p.date, title: p.title })),
        activities: recorded.activities,
      };
      const text = [
        'Logs:',
        ...data.logs.map((l) => `- ${l.date}: ${logLine(l)}`),
        'Plans:',
        ...data.plans.map((p) => `- ${p.date}: ${p.title}`),
        'Recorded activities:',
        ...data.activities.map((a) => `- ${a.date}: ${activityLine(a)}${a.device ? ` (${a.device})` : ''}`),
      ].join('\n');
      return { data, text };
    },
  }),
];
