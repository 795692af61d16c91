import { z } from 'zod';
import { calendarEvent } from './calendar.js';
import { dayStatusSchema } from './workout.js';

export { OVERVIEW_TEXT } from './dashboardText.js';

/** One day of the 'This Week' grid (Sunday to Saturday of the user's week). */
export const weekDay = z.object({
  date: z.string(),
  /** Short weekday name, 'Sun' … 'Sat'. */
  weekday: z.string(),
  /** Day of the month. */
  day: z.number().int(),
  isToday: z.boolean(),
  /** The day's log counts as a completed workout (countsAsWorkout, common/src/workoutStatus.ts). */
  workoutCompleted: z.boolean(),
});
export type WeekDay = z.infer<typeof weekDay>;

/**
 * Today's calendar as the overview shows it: `connected` (a connection works) lists the working
 * connections' events; `expired` (a connection's authorization expired: Google) asks to
 * reconnect, beside the events or alone; with neither the card shows the connect prompt.
 */
export const overviewCalendar = z.object({
  connected: z.boolean(),
  expired: z.boolean(),
  // Last: the kept overview is written with its events at the end (dashboard/service.ts).
  events: z.array(calendarEvent),
});
export type OverviewCalendar = z.infer<typeof overviewCalendar>;

export const dashboardOverview = z
  .object({
    /** The user's today, YYYY-MM-DD, in their time zone. */
    today: z.string(),
    timeZone: z.string(),
    /** `structured_data.morning.personal_goal` of today's daily note, or null. */
    personalGoal: z.string().nullable(),
    /** Today's plan, if one exists. */
    workout: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    /** Today's workout status (dayStatus, common/src/workoutStatus.ts) and the plan's marks. */
    workoutStatus: z.object({
      status: dayStatusSchema,
      exercises: z.number().int(),
      marked: z.number().int(),
    }),
    week: z.array(weekDay).length(7),
    calendar: overviewCalendar,
  })
  .meta({ id: 'DashboardOverview' });
export type DashboardOverview = z.infer<typeof dashboardOverview>;
