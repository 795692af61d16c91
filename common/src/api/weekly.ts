import { z } from 'zod';
import { META_GOALS_MAX } from '../weeklyTexts.js';
import { calendarEvent } from './calendar.js';
import { coachMeta } from './coach.js';
import { idParam } from './common.js';
import { isoDate } from './dates.js';

/** Weekly planning (part 2 §3 'Weekly plan journal entry', §7 'Weekly and journal calls'). */

export { coachMeta };

const text = z.string().max(20_000).default('');
const item = z.string().max(2000);

export const weekParams = z.object({ date: isoDate });

export const simplifiedEvent = z.object({
  start: z.string().max(100),
  end: z.string().max(100).default(''),
  title: z.string().max(1000).default(''),
  description: z.string().max(5000).default(''),
  attendees: z.array(z.string().max(320)).max(200).default([]),
  organizer: z.string().max(320).default(''),
  location: z.string().max(1000).default(''),
});
export type SimplifiedEvent = z.infer<typeof simplifiedEvent>;

export const morningReflection = z.object({
  date: z.string(),
  priorities: z.array(z.string()),
  challenges: z.string(),
  energy_level: z.number().nullable(),
});
export type MorningReflection = z.infer<typeof morningReflection>;

export const eveningReflection = z.object({
  date: z.string(),
  wins: z.array(z.string()),
  frustrations: z.string(),
  open_loops: z.array(z.string()),
});
export type EveningReflection = z.infer<typeof eveningReflection>;

/** The fields the user writes. */
export const weeklyFields = z.object({
  weekly_review: text,
  /** Three slots at first; accepted coach goals are appended. */
  meta_goals: z.array(item).max(META_GOALS_MAX).default(['', '', '']),
  constraints: text,
  brain_dump: text,
  weekly_intention: text,
});
export type WeeklyFields = z.infer<typeof weeklyFields>;

/** What a weekly plan entry's structured_data holds. */
export const weeklyStructured = weeklyFields.extend({
  morning_reflections: z.array(morningReflection).default([]),
  evening_reflections: z.array(eveningReflection).default([]),
  calendar_events: z.array(z.record(z.string(), z.unknown())).default([]),
  simplified_calendar_events: z.array(simplifiedEvent).default([]),
});
export type WeeklyStructured = z.infer<typeof weeklyStructured>;

export const weekInfo = z.object({
  /** The week's Monday. */
  week: z.string(),
  editable: z.boolean(),
  can_create_next: z.boolean(),
  next_week: z.string(),
  /** The instant the week stops being editable (its Sunday 00:00 in the user's zone). */
  editable_until: z.string(),
});

export const weeklyPlan = z
  .object({
    id: z.number().int().nullable(),
    /** The week's Monday, whatever date was asked for. */
    date: z.string(),
    exists: z.boolean(),
    /** Additional thoughts ('Weekly planning entry' when blank). */
    content: z.string(),
    structured_data: weeklyStructured,
    updated_at: z.string().nullable(),
    week: weekInfo,
  })
  .meta({ id: 'WeeklyPlan' });
export type WeeklyPlan = z.infer<typeof weeklyPlan>;

export const saveWeeklyPlanRequest = weeklyFields.extend({
  content: z.string().max(20_000).default(''),
  simplified_calendar_events: z.array(simplifiedEvent).max(100).default([]),
  /** The week's events as the calendar gave them (stored beside the simplified ones). */
  calendar_events: z.array(calendarEvent).max(100).default([]),
});
export type SaveWeeklyPlanRequest = z.input<typeof saveWeeklyPlanRequest>;

export const saveWeeklyPlanResponse = z.object({ saved: z.boolean(), message: z.string(), plan: weeklyPlan });
export type SaveWeeklyPlanResponse = z.infer<typeof saveWeeklyPlanResponse>;

export const reflectionSummary = z.object({
  priorities: z.array(z.string()),
  challenges: z.array(z.string()),
  wins: z.array(z.string()),
  frustrations: z.array(z.string()),
  open_loops: z.array(z.string()),
  average_energy: z.number().nullable(),
});
export type ReflectionSummary = z.infer<typeof reflectionSummary>;

export const weeklyReflections = z
  .object({
    /**
     * The latest 25 morning and 25 evening parts of the daily notes dated up to `to` (the week's
     * Sunday), however long ago; `from` is the oldest day among them (null when there are none).
     */
    from: z.string().nullable(),
    to: z.string(),
    morning_reflections: z.array(morningReflection),
    evening_reflections: z.array(eveningReflection),
    summary: reflectionSummary,
    has_reflections: z.boolean(),
  })
  .meta({ id: 'WeeklyReflections' });
export type WeeklyReflections = z.infer<typeof weeklyReflections>;

export const planningMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(50_000),
});
export type PlanningMessage = z.infer<typeof planningMessage>;

export const weeklyConversation = z
  .object({
    exists: z.boolean(),
    id: z.number().int().nullable(),
    date: z.string(),
    conversation: z.array(planningMessage),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'WeeklyConversation' });
export type WeeklyConversation = z.infer<typeof weeklyConversation>;

export const saveConversationRequest = z.object({ conversation: z.array(planningMessage).max(400) });
export const conversationIdParams = z.object({ id: idParam() });

/** POST /api/weekly/coach: the spec's body; the plan's simplified events arrive as calendar_events. */
export const weeklyCoachRequest = z.object({
  dateParam: isoDate.optional(),
  date: isoDate,
  /** Empty when the chat is being started: the coach opens the conversation. */
  userMessage: z.string().max(20_000).default(''),
  weeklyPlanData: weeklyFields
    .extend({
      content: z.string().max(20_000).optional(),
      calendar_events: z.array(simplifiedEvent).max(100).default([]),
    })
    .default({
      weekly_review: '',
      meta_goals: ['', '', ''],
      constraints: '',
      brain_dump: '',
      weekly_intention: '',
      calendar_events: [],
    }),
  /** The user's own notes for the professional coach, added to its context as data. */
  vocationCoachContext: z.string().max(20_000).optional(),
  isNewPlan: z.boolean().default(false),
  /** The conversation so far (the last 40 messages go to the model). */
  conversation: z.array(planningMessage).max(400).default([]),
});
export type WeeklyCoachRequest = z.input<typeof weeklyCoachRequest>;

/** Goals the coach suggests, as the model must return them. */
export const suggestedGoals = z.object({
  goals: z.array(z.string().trim().min(1).max(200)).max(3),
});

/** Events of POST /api/weekly/coach (server-sent), in this order. */
export const weeklyCoachEvent = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('delta'), text: z.string() }),
    /** Validated goal suggestions and the plan's goals with them merged. */
    z.object({ type: z.literal('goals'), goals: z.array(z.string()), merged: z.array(z.string()) }),
    /** The reply stands but something beside it failed (e.g. goals that could not be read). */
    z.object({ type: z.literal('warning'), message: z.string() }),
    z.object({ type: z.literal('message'), message: planningMessage, has_reflections: z.boolean() }),
    z.object({ type: z.literal('error'), error: z.string() }),
  ])
  .meta({ id: 'WeeklyCoachEvent' });
export type WeeklyCoachEvent = z.infer<typeof weeklyCoachEvent>;
