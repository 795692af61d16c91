import { type DashboardOverview, dashboardOverview, type WeekDay } from '../../../../common/src/api/dashboard.js';
import { addDays, sundayOf } from '../../../../common/src/time.js';
import type { AppContext } from '../../context.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { jsonArrayOf, writtenOnce } from '../../http/writtenOnce.js';
import { todayInZone } from '../../time/dayStarts.js';
import { todaysCalendar, todaysCalendarWritten } from './calendarCard.js';
import { overviewData } from './repo.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The 7 days of the week holding `today`, Sunday first. */
export function weekGrid(today: string, completed: Set<string>): WeekDay[] {
  const sunday = sundayOf(today);
  const grid: WeekDay[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(sunday, i);
    grid.push({
      date,
      weekday: WEEKDAYS[i] ?? '',
      day: Number(date.slice(8, 10)),
      isToday: date === today,
      workoutCompleted: completed.has(date),
    });
  }
  return grid;
}

/**
 * Everything the overview shows but today's events (the week as its completed dates), and those
 * as `events` reads them.
 */
async function overviewWith<E>(
  ctx: AppContext,
  user: { id: number; timeZone: string },
  now: number,
  events: (day: { date: string; timeZone: string }) => Promise<E>,
) {
  const today = todayInZone(user.timeZone, now);
  const sunday = sundayOf(today);
  const [{ personalGoal, workout, completed }, calendar] = await Promise.all([
    overviewData(ctx.db, user.id, today, { from: sunday, to: addDays(sunday, 6) }),
    events({ date: today, timeZone: user.timeZone }),
  ]);
  return { today, timeZone: user.timeZone, personalGoal, workout, completed, calendar };
}

/** Everything the overview shows, in one answer, for the user's today in their zone. */
export async function overview(
  ctx: AppContext,
  user: { id: number; timeZone: string },
  now: number = Date.now(),
): Promise<DashboardOverview> {
  const { completed, ...rest } = await overviewWith(ctx, user, now, (day) => todaysCalendar(ctx, user.id, day));
  return { ...rest, week: weekGrid(rest.today, completed) };
}

/** The overview written by the same compiled serialiser as the route's response. */
const writeOverview = compileResponseSerializer(dashboardOverview) as (o: DashboardOverview) => string;
/** How the overview's text ends when today's events are an empty list: they are its last field. */
const EMPTY_EVENTS_END = '[]}}';
const END = Buffer.from('}}');
/**
 * The overview without today's events, written once per user and kept while everything it is
 * written from is the same (`writtenOnce`): the dashboard is read on every visit, and writing
 * it (the week's grid, its dates, some twenty fields) cost more than its query.
 */
const writtenRest = writtenOnce(256 * 1024);

/**
 * The same answer as `overview`, as the response's JSON: today's events, the costly part (each
 * event's stored details read and written), come as the texts the calendar keeps written once
 * (`eventsInRangeWritten`), put in place of the empty list the rest of the overview is written
 * with.
 */
export async function overviewJson(
  ctx: AppContext,
  user: { id: number; timeZone: string },
  now: number = Date.now(),
): Promise<string | Buffer> {
  const o = await overviewWith(ctx, user, now, (day) => todaysCalendarWritten(ctx, user.id, day));
  const events = o.calendar;
  const done = [...o.completed].sort().join(',');
  const inputs = [o.today, o.timeZone, o.personalGoal, o.workout?.id, o.workout?.title, done, events !== null];
  const { json } = writtenRest(String(user.id), inputs, () => {
    const text = writeOverview({
      today: o.today,
      timeZone: o.timeZone,
      personalGoal: o.personalGoal,
      workout: o.workout,
      week: weekGrid(o.today, o.completed),
      calendar: { connected: events !== null, events: [] },
    });
    if (!text.endsWith(EMPTY_EVENTS_END)) throw new Error('The overview no longer ends with its events');
    return { text, extra: undefined };
  });
  if (!events?.length) return json;
  const rest = json.subarray(0, json.length - EMPTY_EVENTS_END.length);
  return jsonArrayOf(
    events.map((e) => e.json),
    rest,
    END,
  );
}
