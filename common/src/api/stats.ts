import { z } from 'zod';
import { sportSchema } from './activities.js';

/** The ranges the stats page offers: weeks ending with the current one (Sunday-start weeks). */
export const STATS_RANGES = { '4w': 4, '12w': 12, '1y': 52 } as const;
export type StatsRange = keyof typeof STATS_RANGES;
export const STATS_RANGE_LABELS: Record<StatsRange, string> = { '4w': '4 weeks', '12w': '12 weeks', '1y': 'A year' };
export const DEFAULT_STATS_RANGE: StatsRange = '12w';

export const statsQuery = z.object({
  range: z
    .enum(Object.keys(STATS_RANGES) as [StatsRange, ...StatsRange[]], { message: 'Range must be 4w, 12w or 1y' })
    .default(DEFAULT_STATS_RANGE),
});

/** One Sunday-to-Saturday week of the user's. */
export const statsWeek = z.object({
  /** The Sunday that starts the week, YYYY-MM-DD. */
  start: z.string(),
  /** Days whose log counts as a completed workout (countsAsWorkout, common/src/workoutStatus.ts). */
  workouts: z.number().int(),
  /** The planned duration of those days' workouts, in minutes. */
  minutes: z.number(),
  /** Daily notes with a morning part, and with an evening part. */
  mornings: z.number().int(),
  evenings: z.number().int(),
  /** Todos ticked off during the week (in the user's zone). */
  todosCompleted: z.number().int(),
  /** Meetings with a transcript dated in the week: a meeting written up twice counts once. */
  meetings: z.number().int(),
  /**
   * Training sessions of the week (features/training): held for it (planned, done or skipped;
   * not those released for want of time), and done (their day has a workout log).
   */
  sessionsPlanned: z.number().int().default(0),
  sessionsDone: z.number().int().default(0),
});
export type StatsWeek = z.infer<typeof statsWeek>;

const named = z.object({ name: z.string(), count: z.number().int() });

export const statsResponse = z
  .object({
    range: z.enum(Object.keys(STATS_RANGES) as [StatsRange, ...StatsRange[]]),
    /** First day (a Sunday) and last day (today) of the range, in the user's zone. */
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    weeks: z.array(statsWeek),
    /** Days in a row with a completed workout: up to today (or yesterday, while today is open) and the longest ever. */
    streak: z.object({ current: z.number().int(), longest: z.number().int() }),
    /** Exercises marked in the workout logs of the range. */
    exerciseOutcomes: z.object({
      completed: z.number().int(),
      partial: z.number().int(),
      skipped: z.number().int(),
    }),
    /** Exercises given a verdict in the range, most often first (10 each). */
    feedback: z.object({ liked: z.array(named), disliked: z.array(named) }),
    /** The energy level of each morning note in the range. */
    energy: z.array(z.object({ date: z.string(), level: z.number() })),
    /**
     * Imported activities (features/activities): minutes and distance per week and sport (weeks
     * without any are left out), and the average heart rate of each activity day that has one.
     */
    activityWeeks: z
      .array(z.object({ start: z.string(), sport: sportSchema, minutes: z.number(), distance_km: z.number() }))
      .default([]),
    heartRate: z.array(z.object({ date: z.string(), avg_hr: z.number() })).default([]),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof statsResponse>;

export const STATS_TEXT = {
  title: 'Stats View',
  fetchFailed: 'Failed to load your stats. Please try again.',
} as const;
