import { z } from 'zod';
import { clockMinutes } from '../trainingWeek.js';
import { isoDate } from './dates.js';

/**
 * The training week (features/training): the rule the user sets on the Workout settings screen,
 * and the week's sessions placed in their calendar's free time (common/src/trainingWeek.ts).
 */

export const TRAINING_LIMITS = {
  sessionsMin: 1,
  sessionsMax: 7,
  minutesMin: 10,
  minutesMax: 180,
  windowsMax: 4,
  bufferMax: 60,
} as const;

/** The rule of a user who never set one: off until they save it, then three lunch or evening sessions. */
export const DEFAULT_TRAINING_RULE = {
  enabled: false,
  sessions_per_week: 3,
  min_minutes: 20,
  preferred_minutes: 30,
  days: [1, 2, 3, 4, 5, 6, 7],
  windows: [
    { start: '12:00', end: '14:00' },
    { start: '17:30', end: '20:00' },
  ],
  buffer_minutes: 10,
  write_to_calendar: true,
};

export const TRAINING_TEXTS = {
  saved: 'Training rule saved.',
  windowOrder: 'Each time window must end after it starts.',
  minAbovePreferred: 'The minimum length cannot be longer than the preferred length.',
  noDays: 'Choose at least one day.',
  noWindows: 'Add at least one time window.',
  noTime: (index: number) => `No time this week for session ${index}.`,
  skipped: 'Skipped.',
  sessionNotFound: 'Training session not found',
  moveInPast: 'A session cannot be moved into the past.',
  moveOutsideWeek: 'A session can only be moved within its week.',
  moveDayTaken: 'That day already has a session.',
} as const;

const clock = z
  .string()
  .max(5)
  .refine((t) => clockMinutes(t) !== null, { message: 'Use a time written HH:MM, e.g. 07:30' });

export const timeWindow = z
  .object({ start: clock, end: clock })
  .refine((w) => (clockMinutes(w.end) ?? 0) > (clockMinutes(w.start) ?? 0), { message: TRAINING_TEXTS.windowOrder });

const minutes = z.number().int().min(TRAINING_LIMITS.minutesMin).max(TRAINING_LIMITS.minutesMax);

export const trainingRule = z
  .object({
    enabled: z.boolean(),
    sessions_per_week: z.number().int().min(TRAINING_LIMITS.sessionsMin).max(TRAINING_LIMITS.sessionsMax),
    min_minutes: minutes,
    preferred_minutes: minutes,
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1, TRAINING_TEXTS.noDays)
      .max(7)
      .refine((d) => new Set(d).size === d.length, { message: 'Name each day once.' }),
    windows: z.array(timeWindow).min(1, TRAINING_TEXTS.noWindows).max(TRAINING_LIMITS.windowsMax),
    buffer_minutes: z.number().int().min(0).max(TRAINING_LIMITS.bufferMax),
    write_to_calendar: z.boolean(),
  })
  .refine((r) => r.min_minutes <= r.preferred_minutes, {
    message: TRAINING_TEXTS.minAbovePreferred,
    path: ['min_minutes'],
  })
  .meta({ id: 'TrainingRule' });
export type TrainingRuleValue = z.infer<typeof trainingRule>;

export const ruleResponse = z.object({ rule: trainingRule });

/**
 * A session of the week.
 * - status: planned (held in the calendar when the rule says so), done (the day has a workout
 *   log), skipped (by the user; its event removed), released (a meeting took its time and the
 *   week had no other place; its event removed).
 * - placed_by: planner, or user (moved on the Workout screen or in the calendar itself: then it
 *   stays where they put it).
 * - calendar: written (the event is in the calendar), pending (to be written), off (the rule does
 *   not write sessions, or no calendar takes events), failed (the last write failed; retried on
 *   the next sync).
 * - note: the last change and why, e.g. "Moved from 12:00 to 17:30: “Team sync” now takes that time."
 */
export const trainingSession = z
  .object({
    id: z.number().int(),
    week_start: z.string(),
    index: z.number().int(),
    date: z.string(),
    /** UTC instants. */
    start_at: z.string(),
    end_at: z.string(),
    /** Local wall-clock times in the user's zone, HH:MM. */
    start_time: z.string(),
    end_time: z.string(),
    minutes: z.number().int(),
    status: z.enum(['planned', 'done', 'skipped', 'released']),
    placed_by: z.enum(['planner', 'user']),
    calendar: z.enum(['written', 'pending', 'off', 'failed']),
    note: z.string().nullable(),
    /** When the note was written (UTC instant); null without a note. */
    changed_at: z.string().nullable(),
  })
  .meta({ id: 'TrainingSession' });
export type TrainingSession = z.infer<typeof trainingSession>;

export const trainingWeek = z
  .object({
    week_start: z.string(),
    enabled: z.boolean(),
    sessions: z.array(trainingSession),
    /**
     * Sessions the week had no room for when it was planned: their numbers and "No time this
     * week for session N." (a session released later is in `sessions`, with its note).
     */
    unplaced: z.array(z.object({ index: z.number().int(), message: z.string() })),
    /** Whether a connected calendar can hold the sessions (else they are planned in Daymark only). */
    calendar_writable: z.boolean(),
  })
  .meta({ id: 'TrainingWeek' });
export type TrainingWeek = z.infer<typeof trainingWeek>;

export const weekQuery = z.object({ date: isoDate.optional() });
export const planWeekRequest = z.object({ date: isoDate.optional() });
export const sessionParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** A move by the user: to a date of the same week at a local time, keeping or changing the length. */
export const moveSessionRequest = z.object({
  date: isoDate,
  start_time: clock,
  minutes: minutes.optional(),
});
export const sessionResponse = z.object({ session: trainingSession, week: trainingWeek });
