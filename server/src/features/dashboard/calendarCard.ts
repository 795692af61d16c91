import { TODAY_MAX_EVENTS } from '#common/api/calendar.js';
import type { OverviewCalendar } from '#common/api/dashboard.js';
import type { AppContext } from '../../context.js';
import { isUsable } from '../calendar/expiry.js';
import { listConnections } from '../calendar/repo.js';
import { eventsInRange, type RangeQuery, type RangeRead, rangeRead } from '../calendar/service.js';

type Day = { date: string; timeZone: string };

/**
 * The day's range for the card, or null when none of the user's connections works; and whether
 * one of them expired (the card then asks to reconnect, beside the others' events).
 */
async function cardRange(
  ctx: AppContext,
  userId: number,
  day: Day,
): Promise<{ range: RangeQuery | null; expired: boolean }> {
  const connections = await listConnections(ctx.db, userId);
  const expired = connections.some((c) => c.status === 'expired');
  if (!connections.some(isUsable)) return { range: null, expired };
  return { range: { fromDate: day.date, toDate: day.date, maxResults: TODAY_MAX_EVENTS, zone: day.timeZone }, expired };
}

/**
 * Today's events for the overview's calendar card: the one place the overview asks the calendar
 * feature. Read from the calendar cache (the background refresh keeps it fresh), so the overview
 * never waits on a calendar server. "Connected" means at least one connection works (an expired
 * one's events are left out); "expired", that one's authorization expired: the card asks to
 * reconnect. With neither, it shows the prompt leading to the calendar settings.
 * Declined invitations are left out, as on the Calendar tab.
 */
export async function todaysCalendar(ctx: AppContext, userId: number, day: Day): Promise<OverviewCalendar> {
  const { range, expired } = await cardRange(ctx, userId, day);
  if (!range) return { connected: false, expired, events: [] };
  const events = await eventsInRange(ctx, userId, range);
  return { connected: true, expired, events: events.filter((e) => !e.declined) };
}

/**
 * Today's events as `todaysCalendar` reads them, without their stored details (`rangeRead`: what
 * an overview kept whole is checked against; `written()` gives the events as kept texts, the
 * declined ones among them), null when no connection works; and whether a connection expired.
 */
export async function todaysCalendarRead(
  ctx: AppContext,
  userId: number,
  day: Day,
): Promise<{ read: RangeRead | null; expired: boolean }> {
  const { range, expired } = await cardRange(ctx, userId, day);
  return { read: range && (await rangeRead(ctx, userId, range)), expired };
}
