import type { CalendarEvent } from '#common/api/calendar.js';
import type { AppContext } from '../../context.js';
import { expiredNotices, isUsable } from '../../features/calendar/expiry.js';
import { listConnections } from '../../features/calendar/repo.js';
import { eventsInRange, meetingsOf } from '../../features/calendar/service.js';
import { z } from './define.js';

/** An event as the MCP tools show it: what an assistant needs, in the user's zone. */
export const mcpEvent = z.object({
  id: z.string().describe('The event id; give it to transcript_create to attach a transcript'),
  summary: z.string(),
  start: z.string().describe("Date-time with the user's offset, or a date for all-day events"),
  end: z.string(),
  all_day: z.boolean(),
  location: z.string().nullable(),
  calendar: z.string(),
  description: z.string().nullable().describe('At most 1,000 characters'),
  attendees: z.array(z.string()),
  has_transcript: z.boolean(),
  daymark: z
    .enum(['workout', 'journal', 'training'])
    .nullable()
    .describe(
      "Set on the entries Daymark itself wrote (the day's workout, the journal, a training session's time): not meetings",
    ),
});
export type McpEvent = z.infer<typeof mcpEvent>;

const DESCRIPTION_MAX = 1000;
const ATTENDEES_MAX = 50;

/** What a calendar answer leaves out, in plain words, for the tools' output schemas. */
export const calendarNotices = z
  .array(z.string())
  .describe(
    "Calendars whose events are missing from this answer and why, e.g. Google Calendar's authorization expired: say so rather than treat the time as free",
  );

/** A tool's text with the calendar notices as lines after it. */
export const withNotices = (text: string, notices: readonly string[]) =>
  notices.length ? `${text}\n${notices.join('\n')}` : text;

/**
 * The user's events in [from, to] (dates in their zone) from the calendar cache, without declined
 * invitations, each saying whether a transcript records it (the calendar's `transcript_id`);
 * `meetingsOnly` also leaves out Daymark's own entries (a workout, a journal day). `connected` is
 * false when no calendar connection works (the list is then empty, which is not a free day);
 * `notices` names the expired connections, whose events are left out.
 */
export async function eventsFor(
  ctx: AppContext,
  userId: number,
  zone: string,
  from: string,
  to: string,
  max: number,
  opts: { meetingsOnly?: boolean } = {},
) {
  const connections = await listConnections(ctx.db, userId);
  const notices = expiredNotices(connections);
  if (!connections.some(isUsable)) return { connected: false, notices, events: [] as McpEvent[] };
  const read = await eventsInRange(ctx, userId, { fromDate: from, toDate: to, maxResults: max, zone });
  const events = opts.meetingsOnly ? meetingsOf(read) : read.filter((e) => !e.declined);
  return { connected: true, notices, events: events.map(toMcpEvent) };
}

export function toMcpEvent(e: CalendarEvent): McpEvent {
  const description = e.description?.trim() ? e.description.slice(0, DESCRIPTION_MAX) : null;
  return {
    id: e.id,
    summary: e.summary,
    start: e.start.dateTime ?? e.start.date ?? '',
    end: e.end.dateTime ?? e.end.date ?? '',
    all_day: !e.start.dateTime,
    location: e.location,
    calendar: e.calendar.summary,
    description,
    attendees: e.attendees
      .map((a) => a.displayName || a.email || '')
      .filter(Boolean)
      .slice(0, ATTENDEES_MAX),
    has_transcript: e.transcript_id !== null,
    daymark: e.daymark,
  };
}

/** One line per event for clients that show text only. */
export const eventLine = (e: McpEvent) =>
  `- ${e.all_day ? `${e.start} (all day)` : `${e.start.replace('T', ' ').slice(0, 16)}–${e.end.slice(11, 16)}`} ${e.summary}${e.location ? ` @ ${e.location}` : ''}${e.has_transcript ? ' [transcript]' : ''}${e.daymark ? ` [Daymark's ${e.daymark} entry]` : ''} (id ${e.id})`;
