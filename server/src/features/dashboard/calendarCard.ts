import { TODAY_MAX_EVENTS } from '../../../../common/src/api/calendar.js';
import type { OverviewCalendar } from '../../../../common/src/api/dashboard.js';
import type { AppContext } from '../../context.js';
import { listConnections } from '../calendar/repo.js';
import { eventsInRange, type RangeQuery, type RangeRead, rangeRead } from '../calendar/service.js';

type Day = { date: string; timeZone: string };

/** The day's range for the card, or null when none of the user's connections works. */
async function cardRange(ctx: AppContext, userId: number, day: Day): Promise<RangeQuery | null> {
  const connections = await listConnections(ctx.db, userId);
  if (!connections.some((c) => c.status === 'connected')) return null;
  return { fromDate: day.date, toDate: day.date, maxResults: TODAY_MAX_EVENTS, zone: day.timeZone };
}

/**
 * Today's events for the overview's calendar card: the one place the overview asks the calendar
 * feature. Read from the calendar cache (the background refresh keeps it fresh), so the overview
 * never waits on a calendar server. "Connected" means at least one connection works; with none
 * (or only expired ones) the card shows the prompt leading to the calendar settings.
 * Declined invitations are left out, as on the Calendar tab.
 */
export async function todaysCalendar(ctx: AppContext, userId: number, day: Day): Promise<OverviewCalendar> {
  const range = await cardRange(ctx, userId, day);
  if (!range) return { connected: false, events: [] };
  const events = await eventsInRange(ctx, userId, range);
  return { connected: true, events: events.filter((e) => !e.declined) };
}

/**
 * Today's events as `todaysCalendar` reads them, without their stored details (`rangeRead`: what
 * an overview kept whole is checked against; `written()` gives the events as kept texts, the
 * declined ones among them); null when no connection works.
 */
export async function todaysCalendarRead(ctx: AppContext, userId: number, day: Day): Promise<RangeRead | null> {
  const range = await cardRange(ctx, userId, day);
  return range && rangeRead(ctx, userId, range);
}
