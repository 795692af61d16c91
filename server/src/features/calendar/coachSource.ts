import { addDays } from '#common/time.js';
import type { AppContext } from '../../context.js';
import { userTimeZone } from '../../time/userZone.js';
import type { CalendarEventItem } from '../coach/coachData.js';
import { calendarAccess } from './expiry.js';
import { eventsInRange } from './service.js';

/** What a coach sees of the calendar: yesterday through a week ahead, from the cache only. */
export const COACH_DAYS_BACK = 1;
export const COACH_DAYS_AHEAD = 7;
const COACH_MAX_EVENTS = 100;

/**
 * The calendar's part of a coach's context. It reads the cache and never waits on a calendar
 * server (the background refresh keeps it fresh); declined invitations keep their attendee
 * status so the context builder leaves them out. Daymark's own entries (a workout, a journal
 * day) are no meetings and are left out; each meeting says whether a transcript records it
 * (`transcript_id`, the one rule). An expired connection's events are not read; the coach is
 * told so in plain words (`calendarNotices`).
 */
// Typed structurally (not as CoachSource) so that the coach's source list importing this file is no circle.
export async function calendarSource(
  ctx: AppContext,
  { userId, today }: { userId: number; today: string },
): Promise<{ calendar: CalendarEventItem[]; calendarNotices: string[] }> {
  const zone = await userTimeZone(ctx.db, userId);
  const { notices } = await calendarAccess(ctx.db, userId);
  const events = await eventsInRange(ctx, userId, {
    fromDate: addDays(today, -COACH_DAYS_BACK),
    toDate: addDays(today, COACH_DAYS_AHEAD),
    maxResults: COACH_MAX_EVENTS,
    zone,
  });
  const calendar: CalendarEventItem[] = events
    .filter((e) => e.daymark === null)
    .map((e) => ({
      has_transcript: e.transcript_id !== null,
      summary: e.summary,
      start: e.start.dateTime ?? e.start.date ?? '',
      end: e.end.dateTime ?? e.end.date,
      location: e.location,
      attendees: e.declined
        ? [...e.attendees.filter((a) => !a.self), { self: true, responseStatus: 'declined' }]
        : e.attendees.map((a) => ({ email: a.email, self: a.self, responseStatus: a.responseStatus })),
    }));
  return { calendar, calendarNotices: notices };
}
