import { type DashboardOverview, dashboardOverview, type WeekDay } from '#common/api/dashboard.js';
import { addDays, sundayOf } from '#common/time.js';
import type { AppContext } from '../../context.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { jsonArrayOf, writtenOnce } from '../../http/writtenOnce.js';
import { todayInZone } from '../../time/dayStarts.js';
import { todaysCalendar, todaysCalendarRead } from './calendarCard.js';
import { overviewData } from './repo.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The 7 days of the week holding `today`, Sunday first. */
export function weekGrid(today: string, completed: readonly string[]): WeekDay[] {
  const sunday = sundayOf(today);
  const grid: WeekDay[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(sunday, i);
    grid.push({
      date,
      weekday: WEEKDAYS[i] ?? '',
      day: Number(date.slice(8, 10)),
      isToday: date === today,
      workoutCompleted: completed.includes(date),
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
  const [{ personalGoal, workout, workoutStatus, completed }, calendar] = await Promise.all([
    overviewData(ctx.db, user.id, today, { from: sunday, to: addDays(sunday, 6) }),
    events({ date: today, timeZone: user.timeZone }),
  ]);
  return { today, timeZone: user.timeZone, personalGoal, workout, workoutStatus, completed, calendar };
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
 * Overviews written once per user and kept while everything they are written from is the same
 * (`writtenOnce`): the dashboard is read on every visit, and presenting it (the week's grid,
 * some twenty fields, each of today's events looked up, ordered and joined into the answer)
 * cost more than its queries. The inputs are the user's today and zone, the goal, the plan's id
 * and title, today's workout status, the week's completed dates, whether a calendar connection expired, and the calendar
 * card's rows (`RangeRead.inputs`: each event's row id and calendar; or that no connection works).
 */
const keptOverviews = writtenOnce(4 * 1024 * 1024);

/**
 * The same answer as `overview`, as the response's JSON, for the user's today in their zone:
 * the kept answer when it was written from what the queries read now; otherwise written with
 * today's events as the texts the calendar keeps written once (`RangeRead.written`), put in
 * place of the empty list the rest of the overview is written with.
 */
export async function overviewJson(
  ctx: AppContext,
  user: { id: number; timeZone: string },
  now: number = Date.now(),
): Promise<Buffer> {
  const { calendar, ...o } = await overviewWith(ctx, user, now, (day) => todaysCalendarRead(ctx, user.id, day));
  const { today, personalGoal, workout, workoutStatus, completed } = o;
  const { read, expired } = calendar;
  const own: unknown[] = [
    today,
    o.timeZone,
    personalGoal,
    workout?.id,
    workout?.title,
    workoutStatus.status,
    workoutStatus.exercises,
    workoutStatus.marked,
    completed.join(','),
    expired,
  ];
  const key = String(user.id);
  const kept = keptOverviews.peek(key, own.concat(read ? read.inputs : [null]));
  if (kept) return kept.json;
  const events = read && (await read.written());
  const shown = events ? events.events.filter((e) => !e.extra.declined) : [];
  const inputs = own.concat(events ? events.inputs : [null]);
  return keptOverviews(key, inputs, () => {
    const text = writeOverview({
      today,
      timeZone: o.timeZone,
      personalGoal,
      workout,
      workoutStatus,
      week: weekGrid(today, completed),
      calendar: { connected: read !== null, expired, events: [] },
    });
    if (!text.endsWith(EMPTY_EVENTS_END)) throw new Error('The overview no longer ends with its events');
    const rest = Buffer.from(text.slice(0, -EMPTY_EVENTS_END.length));
    return {
      text: jsonArrayOf(
        shown.map((e) => e.json),
        rest,
        END,
      ),
      extra: undefined,
    };
  }).json;
}
