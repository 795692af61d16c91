import { z } from 'zod';
import { DEFAULT_WORKOUT_PREFERENCES, EQUIPMENT_OPTIONS } from '../workoutConstants.js';
import type { DayStatus, LogStatus } from '../workoutStatus.js';
import { INT_COLUMN_MAX, intField } from './common.js';
import { isoDate } from './dates.js';

/** The shape of a plan as §3 describes it; uuids are filled in by the server before storing. */
export const exerciseSchema = z.object({
  uuid: z.string().optional(),
  name: z.string().min(1),
  instructions: z.string().min(1),
  duration_or_reps: z.string().min(1),
  sets: z.union([z.string(), z.number()]),
  rest_between_sets: z.string(),
  reasoning: z.string().min(1),
});
export const sectionSchema = z.object({
  uuid: z.string().optional(),
  section_name: z.string().min(1),
  duration: intField('duration', 1, INT_COLUMN_MAX),
  exercises: z.array(exerciseSchema).min(1),
});
export const workoutPlanSchema = z.object({
  uuid: z.string().optional(),
  title: z.string().min(1),
  description: z.string(),
  estimated_duration: intField('estimated_duration', 1, INT_COLUMN_MAX),
  equipment_needed: z.array(z.string()),
  notes: z.string(),
  workout_sections: z.array(sectionSchema).min(1),
});
export type Exercise = z.infer<typeof exerciseSchema>;
export type WorkoutSection = z.infer<typeof sectionSchema>;
export type WorkoutPlan = z.infer<typeof workoutPlanSchema>;

/** Stored plan record: `plan` is the plan as a JSON string. */
export const planRecord = z
  .object({ id: z.number(), date: z.string(), plan: z.string() })
  .meta({ id: 'WorkoutPlanRecord' });
export type PlanRecord = z.infer<typeof planRecord>;
export const latestPlanResponse = z.object({ plan: planRecord.nullable() });
export const planResponse = z.object({ plan: planRecord });

/**
 * A plan as the plan list shows it: what the history needs to name and date it. The whole plan
 * comes from GET /api/workout/{id}. See `summarisePlan` for how the title is read.
 */
export const planSummary = z
  .object({
    id: z.number(),
    date: z.string(),
    /** structured: a plan of sections; skipped: a skipped day; text: stored text that is not a plan. */
    kind: z.enum(['structured', 'skipped', 'text']),
    title: z.string(),
    /** Minutes, for a structured plan that gives them. */
    estimated_duration: z.number().nullable(),
    /**
     * An earlier version of its date's plan: a plan with marked exercises or a log is kept when
     * a new plan is generated for its date, and the new one is shown on Today.
     */
    replaced: z.boolean(),
  })
  .meta({ id: 'WorkoutPlanSummary' });
export type PlanSummary = z.infer<typeof planSummary>;

/** The plan and log lists are read a page at a time, newest date first: `limit` from `offset`. */
export const WORKOUT_PAGE_DEFAULT = 100;
export const WORKOUT_PAGE_MAX = 365;
const pageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(WORKOUT_PAGE_MAX)
    .default(WORKOUT_PAGE_DEFAULT)
    .describe(`Page size: default ${WORKOUT_PAGE_DEFAULT}, at most ${WORKOUT_PAGE_MAX}`),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Items to skip: default 0'),
};
/** `total`: how many the user has in all, for 'Workout Plans (n)'. */
export const planListResponse = z.object({ plans: z.array(planSummary), total: z.number().int() });
export const listQuery = z.object(pageQuery);

export const generateQuery = z.object({
  /** The plan's date; today in the user's time zone when absent. */
  date: isoDate.optional(),
  customPrompt: z.string().max(2000).optional(),
});

export const completionItem = z.object({
  name: z.string().max(300),
  completed: z.enum(['completed', 'partial', 'skipped']),
  notes: z.string().max(5000).optional(),
});
export const logStatusSchema = z.enum(['completed', 'skipped', 'none']) satisfies z.ZodType<LogStatus>;
/** A day's status (dayStatus, common/src/workoutStatus.ts). */
export const dayStatusSchema = z.enum([
  'completed',
  'skipped',
  'in_progress',
  'planned',
  'logged',
  'rest',
]) satisfies z.ZodType<DayStatus>;
export const workoutLog = z
  .object({
    id: z.number(),
    date: z.string(),
    entry: z.string(),
    workout_completion: z.array(completionItem).nullable(),
    workout_skipped: z.boolean(),
    /** The log says the workout was done. */
    workout_done: z.boolean(),
    /** The log's status, by the one rule of common/src/workoutStatus.ts (logStatus). */
    status: logStatusSchema,
    /** The plan the log belongs to (a plan of its date, possibly an earlier version); null without one. */
    plan_id: z.number().nullable(),
  })
  .meta({ id: 'WorkoutLog' });
export type WorkoutLog = z.infer<typeof workoutLog>;
/** `total`: how many logs the user has in all (with `date`: 0 or 1), for 'Workout Logs (n)'. */
export const logListResponse = z.object({ logs: z.array(workoutLog), total: z.number().int() });
export const logQuery = z.object({ ...pageQuery, date: isoDate.optional() });
export const saveLogRequest = z
  .object({
    date: isoDate,
    entry: z.string().trim().min(1, 'Entry text is required').max(20000),
    workout_skipped: z.boolean().optional(),
    /** Left out: done unless skipped or only skipped exercises are listed (logFlagsToSave). */
    workout_done: z.boolean().optional(),
    workout_completion: z.array(completionItem).max(200).optional(),
    /** The plan of that date the log is for; left out: the log's plan so far, else the date's plan. */
    plan_id: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((b) => !(b.workout_skipped && b.workout_done), {
    message: 'A workout cannot be both done and skipped.',
    path: ['workout_done'],
  });
export type SaveLogRequest = z.infer<typeof saveLogRequest>;
export const logResponse = z.object({ log: workoutLog });

export const exerciseStatus = z.enum(['completed', 'partial', 'skipped']);
export type ExerciseStatus = z.infer<typeof exerciseStatus>;
export const progressItem = z.object({
  workout_uuid: z.string().min(1).max(100),
  section_uuid: z.string().min(1).max(100),
  exercise_uuid: z.string().min(1).max(100),
  status: exerciseStatus,
  notes: z.string().max(5000).nullable().optional(),
});
export type ProgressItem = z.infer<typeof progressItem>;
export const progressResponse = z.object({ progress: z.array(progressItem) });

export const feedbackType = z.enum(['like', 'dislike']);
export const submitFeedbackRequest = z.object({
  workoutDate: isoDate,
  exerciseName: z.string().trim().min(1).max(300),
  exerciseUuid: z.string().max(100).optional(),
  feedbackType,
  comment: z.string().max(2000).optional(),
});
export type SubmitFeedbackRequest = z.infer<typeof submitFeedbackRequest>;
export const feedbackItem = z.object({
  exercise_name: z.string(),
  exercise_uuid: z.string().nullable(),
  feedback_type: feedbackType,
  comment: z.string().nullable(),
});
export const feedbackResponse = z.object({ feedback: z.array(feedbackItem) });

export const equipmentAvailable = z.object({
  indoor: z.array(z.enum(EQUIPMENT_OPTIONS.indoor)),
  home: z.array(z.enum(EQUIPMENT_OPTIONS.home)),
  outdoor: z.array(z.enum(EQUIPMENT_OPTIONS.outdoor)),
});
export type EquipmentAvailable = z.infer<typeof equipmentAvailable>;
export const workoutPreferences = z.object({
  weatherDependent: z.boolean().default(DEFAULT_WORKOUT_PREFERENCES.weatherDependent),
  preferredDuration: z.number().int().min(10).max(120).default(DEFAULT_WORKOUT_PREFERENCES.preferredDuration),
});
export type WorkoutPreferences = z.infer<typeof workoutPreferences>;

/**
 * One server-sent event of `GET /api/workout/stream`, shared by server and web: on the wire
 * `event: <event>` then `data: <data as JSON>`. connected first, progress as the plan is made,
 * warning when the AI plan was unusable and the built-in planner took over, then completed (the
 * saved plan) or error, after which the stream ends.
 */
export const generationEvent = z
  .discriminatedUnion('event', [
    z.object({ event: z.literal('connected'), data: z.object({ message: z.string() }) }),
    z.object({ event: z.literal('progress'), data: z.object({ progress: z.number(), message: z.string() }) }),
    z.object({ event: z.literal('warning'), data: z.object({ message: z.string(), details: z.string().optional() }) }),
    z.object({ event: z.literal('error'), data: z.object({ error: z.string(), details: z.string().optional() }) }),
    z.object({ event: z.literal('completed'), data: planRecord }),
  ])
  .meta({
    id: 'WorkoutGenerationEvent',
    description:
      'One server-sent event: `event: <event>` then `data: <data as JSON>`. Order: connected, progress…, optionally warning, then completed or error.',
  });
export type GenerationEvent = z.infer<typeof generationEvent>;
