import type { SimplifiedEvent } from '#common/api/weekly.js';
import { addDays } from '#common/time.js';
import type { AppContext } from '../../context.js';
import { userTimeZone } from '../../time/userZone.js';
import { eventsInRange, meetingsOf } from '../calendar/service.js';

/** The planning coach sees the same window as the editor's calendar panel: two weeks from the Monday. */
export const WEEK_EVENT_DAYS = 14;
const MAX_EVENTS = 200;

/**
 * The week's events for the planning coach's context, read on the server from the calendar cache
 * (never waiting on a calendar server): the week's Monday through the following Sunday in the
 * user's zone, declined invitations and Daymark's own entries (a workout, a journal day) left
 * out. Without a connection the list is empty; an expired connection's events are left out (the
 * planning data says so: `calendarNotices`).
 */
export async function weekEvents(ctx: AppContext, userId: number, monday: string): Promise<SimplifiedEvent[]> {
  const zone = await userTimeZone(ctx.db, userId);
  const events = await eventsInRange(ctx, userId, {
    fromDate: monday,
    toDate: addDays(monday, WEEK_EVENT_DAYS - 1),
    maxResults: MAX_EVENTS,
    zone,
  });
  return meetingsOf(events).map((e) => ({
    start: e.start.dateTime ?? e.start.date ?? '',
    end: e.end.dateTime ?? e.end.date ?? '',
    title: e.summary,
    description: (e.description ?? '').slice(0, 5000),
    attendees: e.attendees
      .map((a) => a.displayName || a.email || '')
      .filter(Boolean)
      .slice(0, 200),
    organizer: e.organizer?.displayName || e.organizer?.email || '',
    location: e.location ?? '',
  }));
}
