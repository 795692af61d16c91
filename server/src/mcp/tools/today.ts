import type { DayStatus } from '#common/workoutStatus.js';
import type { AppContext } from '../../context.js';
import { getDailyNote } from '../../features/journal/service.js';
import { listTodos } from '../../features/todos/repo.js';
import { calendarNotices, eventLine, eventsFor, mcpEvent } from './calendarData.js';
import { defineTool, type ToolDef, z } from './define.js';
import { weeklyPlanOf } from './journal.js';
import { workoutOf } from './workouts.js';

/** Everything about one day, shared by the 'today' tool, its resource and the daily-briefing prompt. */
export async function dayOverview(ctx: AppContext, userId: number, date: string, zone: string) {
  const { db } = ctx;
  // One after another: a SQLite connection serves one query at a time anyway.
  const note = await getDailyNote(db, userId, date);
  const workout = await workoutOf(db, userId, date);
  const todos = await listTodos(db, userId, { completed: false });
  const week = await weeklyPlanOf(db, userId, date, zone);
  // Meetings only: the day's workout and journal have their own fields.
  const calendar = await eventsFor(ctx, userId, zone, date, date, 50, { meetingsOnly: true });
  const morning = note.structured_data.morning;
  return {
    date,
    time_zone: zone,
    goal: morning?.personal_goal?.trim() || null,
    week_goals: week.goals,
    workout: {
      planned: Boolean(workout.plan),
      title: workout.plan?.title ?? null,
      logged: Boolean(workout.log),
      skipped: workout.status === 'skipped',
      status: workout.status,
    },
    calendar_connected: calendar.connected,
    calendar_notices: calendar.notices,
    events: calendar.events,
    open_todos: todos.map((t) => ({ id: t.id, content: t.content, created_at: t.created_at })),
    journal: {
      exists: note.exists,
      has_morning: Boolean(note.structured_data.morning),
      has_evening: Boolean(note.structured_data.evening),
    },
  };
}

export type DayOverview = Awaited<ReturnType<typeof dayOverview>>;

/** A day's workout status in the words of the briefing. */
const WORKOUT_STATUS_WORDS: Record<DayStatus, string> = {
  completed: 'done, logged',
  skipped: 'skipped',
  in_progress: 'in progress, not logged yet',
  planned: 'not started',
  logged: 'logged without a status',
  rest: 'nothing logged',
};

export function overviewText(o: DayOverview): string {
  const w = o.workout;
  return [
    `Today is ${o.date} (${o.time_zone}).`,
    `Goal for the day: ${o.goal ?? 'not set'}`,
    `Goals this week: ${o.week_goals.length ? o.week_goals.join('; ') : 'none set'}`,
    `Workout: ${w.planned ? w.title : 'none planned'} (${WORKOUT_STATUS_WORDS[w.status]})`,
    (o.calendar_connected
      ? `Calendar (${o.events.length} events today):${o.events.map((e) => `\n${eventLine(e)}`).join('')}`
      : o.calendar_notices.length
        ? 'Calendar: none can be read now, so no events are known'
        : 'Calendar: not connected, so no events are known') + o.calendar_notices.map((n) => `\n${n}`).join(''),
    `Open todos (${o.open_todos.length}):${o.open_todos.map((t) => `\n- ${t.content} (id ${t.id})`).join('')}`,
    `Journal: ${o.journal.exists ? `written (morning ${o.journal.has_morning ? 'done' : 'not yet'}, evening ${o.journal.has_evening ? 'done' : 'not yet'})` : 'nothing written yet'}`,
  ].join('\n');
}

export const todayTools: ToolDef[] = [
  defineTool({
    name: 'today',
    title: 'Today at a glance',
    description:
      "One call for the user's day: today's date in their time zone, their goal for the day, this week's goals, the planned workout and whether it is logged, today's meetings (each saying whether a meeting transcript is attached; Daymark's own workout and journal entries are not meetings and are left out), open todos and whether the morning and evening journal parts are written. Start here. calendar_connected is false while no calendar is connected (events is then empty, not a free day); calendar_notices names calendars left out (an expired Google authorization).",
    input: {},
    output: {
      date: z.string(),
      time_zone: z.string(),
      goal: z.string().nullable(),
      week_goals: z.array(z.string()),
      workout: z.object({
        planned: z.boolean(),
        title: z.string().nullable(),
        logged: z.boolean(),
        skipped: z.boolean(),
        status: z
          .enum(['completed', 'skipped', 'in_progress', 'planned', 'logged', 'rest'])
          .describe("Today's workout status, the same as the app's dashboard shows"),
      }),
      calendar_connected: z.boolean(),
      calendar_notices: calendarNotices,
      events: z.array(mcpEvent),
      open_todos: z.array(z.object({ id: z.number().int(), content: z.string(), created_at: z.string() })),
      journal: z.object({ exists: z.boolean(), has_morning: z.boolean(), has_evening: z.boolean() }),
    },
    write: false,
    async run(t) {
      const o = await dayOverview(t.ctx, t.user.id, t.today(), t.zone);
      return { data: o, text: overviewText(o) };
    },
  }),
];
