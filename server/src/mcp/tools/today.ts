import type { Db } from '../../db/index.js';
import { getDailyNote } from '../../features/journal/service.js';
import { listTodos } from '../../features/todos/repo.js';
import { defineTool, type ToolDef, z } from './define.js';
import { weeklyPlanOf } from './journal.js';
import { workoutOf } from './workouts.js';

/** Everything about one day, shared by the 'today' tool, its resource and the daily-briefing prompt. */
export async function dayOverview(db: Db, userId: number, date: string, zone: string) {
  // One after another: a SQLite connection serves one query at a time anyway.
  const note = await getDailyNote(db, userId, date);
  const workout = await workoutOf(db, userId, date);
  const todos = await listTodos(db, userId, { completed: false });
  const week = await weeklyPlanOf(db, userId, date, zone);
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
      skipped: workout.log?.workout_skipped ?? false,
    },
    // The calendar is not connected to Daymark yet: there are no events to report.
    calendar_connected: false,
    events: [] as Array<{ summary: string; start: string; end: string }>,
    open_todos: todos.map((t) => ({ id: t.id, content: t.content, created_at: t.created_at })),
    journal: {
      exists: note.exists,
      has_morning: Boolean(note.structured_data.morning),
      has_evening: Boolean(note.structured_data.evening),
    },
  };
}

export type DayOverview = Awaited<ReturnType<typeof dayOverview>>;

export function overviewText(o: DayOverview): string {
  const w = o.workout;
  return [
    `Today is ${o.date} (${o.time_zone}).`,
    `Goal for the day: ${o.goal ?? 'not set'}`,
    `Goals this week: ${o.week_goals.length ? o.week_goals.join('; ') : 'none set'}`,
    `Workout: ${w.planned ? w.title : 'none planned'}${w.logged ? (w.skipped ? ' (skipped)' : ' (done, logged)') : ''}`,
    `Calendar: ${o.calendar_connected ? `${o.events.length} events` : 'not connected, so no events are known'}`,
    `Open todos (${o.open_todos.length}):${o.open_todos.map((t) => `\n- ${t.content} (id ${t.id})`).join('')}`,
    `Journal: ${o.journal.exists ? `written (morning ${o.journal.has_morning ? 'done' : 'not yet'}, evening ${o.journal.has_evening ? 'done' : 'not yet'})` : 'nothing written yet'}`,
  ].join('\n');
}

export const todayTools: ToolDef[] = [
  defineTool({
    name: 'today',
    title: 'Today at a glance',
    description:
      "One call for the user's day: today's date in their time zone, their goal for the day, this week's goals, the planned workout and whether it is logged, calendar events, open todos and whether the morning and evening journal parts are written. Start here. calendar_connected is false while no calendar is connected (events is then empty, not a free day).",
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
      }),
      calendar_connected: z.boolean(),
      events: z.array(z.object({ summary: z.string(), start: z.string(), end: z.string() })),
      open_todos: z.array(z.object({ id: z.number().int(), content: z.string(), created_at: z.string() })),
      journal: z.object({ exists: z.boolean(), has_morning: z.boolean(), has_evening: z.boolean() }),
    },
    write: false,
    async run(t) {
      const o = await dayOverview(t.ctx.db, t.user.id, t.today(), t.zone);
      return { data: o, text: overviewText(o) };
    },
  }),
];
