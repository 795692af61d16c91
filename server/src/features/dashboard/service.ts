import { type DashboardOverview, dashboardOverview, type WeekDay } from '../../../../common/src/api/dashboard.js';
import { addDays, sundayOf } from '../../../../common/src/time.js';
import type { AppContext } from '../../context.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { jsonArrayOf } from '../../http/writtenOnce.js';
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

/** Everything the overview shows but today's events, and those as `events` reads them. */
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
  return {
    rest: { today, timeZone: user.timeZone, personalGoal, workout, week: weekGrid(today, completed) },
    calendar,
  };
}

/** Everything the overview shows, in one answer, for the user's today in their zone. */
export async function overview(
  ctx: AppContext,
  user: { id: number; timeZone: string },
  now: number = Date.now(),
): Promise<DashboardOverview> {
  const { rest, calendar } = await overviewWith(ctx, user, now, (day) => todaysCalendar(ctx, user.id, day));
  return { ...rest, calendar };
}

/** The overview written by the same compiled serialiser as the route's response. */
const writeOverview = compileResponseSerializer(dashboardOverview) as (o: DashboardOverview) => string;
/** How the overview's text ends when today's events are an empty list: they are its last field. */
const EMPTY_EVENTS_END = '[]}}';
const END = Buffer.from('}}');

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
  const { rest, calendar: events } = await overviewWith(ctx, user, now, (day) =>
    todaysCalendarWritten(ctx, user.id, day),
  );
  const text = writeOverview({ ...rest, calendar: { connected: events !== null, events: [] } });
  if (!events?.length) return text;
  if (!text.endsWith(EMPTY_EVENTS_END)) throw new Error('The overview no longer ends with its events');
  return Buffer.concat([
    Buffer.from(text.slice(0, -EMPTY_EVENTS_END.length)),
    jsonArrayOf(events.map((e) => e.json)),
    END,
  ]);
}
