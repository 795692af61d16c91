import { TODAY_MAX_EVENTS } from '../../../../common/src/api/calendar.js';
import type { OverviewCalendar } from '../../../../common/src/api/dashboard.js';
import type { AppContext } from '../../context.js';
import { listConnections } from '../calendar/repo.js';
import { eventsInRange, type RangeRead, rangeRead } from '../calendar/service.js';

/**
 * Today's events for the overview's calendar card: the one place the overview asks the calendar
 * feature. Read from the calendar cache (the background refresh keeps it fresh), so the overview
 * never waits on a calendar server. "Connected" means at least one connection works; with none
 * (or only expired ones) the card shows the prompt leading to the calendar settings.
 * Declined invitations are left out, as on the Calendar tab.
 */
export async function todaysCalendar(
  ctx: AppContext,
  userId: number,
  day: { date: string; timeZone: string },
): Promise<OverviewCalendar> {
  const connections = await listConnections(ctx.db, userId);
  if (!connections.some((c) => c.status === 'connected')) return { connected: false, events: [] };
  const events = await eventsInRange(ctx, userId, {
    fromDate: day.date,
    toDate: day.date,
    maxResults: TODAY_MAX_EVENTS,
    zone: day.timeZone,
  });
  return { connected: true, events: events.filter((e) => !e.declined) };
}

/**
 * Today's events as `todaysCalendar` reads them, without their stored details (`rangeRead`: what
 * an overview kept whole is checked against; `written()` gives the events as kept texts, the
 * declined ones among them); null when no connection works.
 */
export async function todaysCalendarRead(
  ctx: AppContext,
  userId: number,
  day: { date: string; timeZone: string },
): Promise<RangeRead | null> {
  const connections = await listConnections(ctx.db, userId);
  if (!connections.some((c) => c.status === 'connected')) return null;
  return rangeRead(ctx, userId, {
    fromDate: day.date,
    toDate: day.date,
    maxResults: TODAY_MAX_EVENTS,
    zone: day.timeZone,
  });
}
