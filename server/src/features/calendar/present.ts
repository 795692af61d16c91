import type {
  CalendarConnection,
  CalendarEvent,
  CalendarItem,
  CalendarProvider,
  CalendarReadIssues,
} from '#common/api/calendar.js';
import { byText, frozen } from '../../textMemo.js';
import { type LinksByEvent, transcriptOfEvent } from '../transcripts/eventLinks.js';
import type { ProviderEvent, ReadIssues } from './providers/types.js';
import { dateOfInstant, isoInZone } from './providers/zoneFormat.js';
import type { CalendarRow, ConnectionRow, EventRow } from './repo.js';

/** A calendar's public id: stable across reconnects, unique per user (one Google, one CalDAV). */
export const calendarPublicId = (c: Pick<CalendarRow, 'provider' | 'remote_id'>) => `${c.provider}:${c.remote_id}`;

export function presentCalendar(c: CalendarRow): CalendarItem {
  return {
    id: calendarPublicId(c),
    summary: c.summary,
    backgroundColor: c.background_color,
    foregroundColor: c.foreground_color,
    provider: c.provider as CalendarProvider,
    writable: c.writable === 1,
    primary: c.is_primary === 1,
    expired: c.status === 'expired',
  };
}

/**
 * A connection as the settings screen shows it. `readIssues`: the stored issues (JSON) of its
 * calendars, summed: the count of skipped events, the first reason, every unknown zone once.
 */
export function presentConnection(c: ConnectionRow, readIssues: string[] = []): CalendarConnection {
  return {
    id: c.id,
    provider: c.provider as CalendarProvider,
    status: c.status === 'expired' ? 'expired' : 'connected',
    label: c.label,
    connected_at: c.created_at,
    last_sync_time: c.last_sync_time,
    last_error: c.last_error,
    read_issues: sumReadIssues(readIssues),
  };
}

function sumReadIssues(stored: string[]): CalendarReadIssues | null {
  if (stored.length === 0) return null;
  const sum: CalendarReadIssues = { skipped: 0, first_reason: null, unknown_zones: [] };
  for (const text of stored) {
    const one = JSON.parse(text) as ReadIssues;
    sum.skipped += one.skipped;
    sum.first_reason ??= one.firstReason;
    for (const z of one.unknownZones) if (!sum.unknown_zones.includes(z)) sum.unknown_zones.push(z);
  }
  return sum;
}

/** An instant written with the offset of the user's zone (2026-03-10T09:00:00-04:00). */
export const inZone = isoInZone;

type Stored = Omit<ProviderEvent, 'id' | 'allDay' | 'startAt' | 'endAt' | 'startDate' | 'endDate'>;

/**
 * Parsed event details by their stored text. The same cached events are presented again and
 * again (every view and reload reads the same days), and parsing them was most of the work.
 * Keyed by the text itself, so a changed event is simply another entry; the parsed objects are
 * shared by every answer and frozen.
 */
const detailsOf = byText((data) => frozen(JSON.parse(data) as Stored), 10_000);

/** What each event names of its calendar: built once per calendar and shared by its events. */
export interface EventCalendarRef {
  provider: CalendarProvider;
  calendar: CalendarEvent['calendar'];
}

export const eventCalendarOf = (c: CalendarRow): EventCalendarRef => ({
  provider: c.provider as CalendarProvider,
  calendar: {
    id: calendarPublicId(c),
    summary: c.summary,
    backgroundColor: c.background_color,
    foregroundColor: c.foreground_color,
  },
});

/**
 * A cached event in the §3 shape: timed events in the user's zone, all-day events by date.
 * `startInZone` is the start already written in the zone (the sort computed it); `links`, the
 * transcripts that reference the events presented (its transcript is decided from them).
 */
export function presentEvent(
  row: EventRow,
  calendar: EventCalendarRef,
  zone: string,
  startInZone: string | undefined,
  links: LinksByEvent,
): CalendarEvent {
  const d = detailsOf(row.data);
  const timed = row.start_at !== null;
  const etag = d.etag ?? null;
  return {
    id: row.event_id,
    etag,
    recurringEventId: d.recurringEventId ?? null,
    summary: d.summary,
    description: d.description ?? null,
    location: d.location ?? null,
    start: timed
      ? { dateTime: startInZone ?? inZone(row.start_at as string, zone), timeZone: zone }
      : { date: row.start_date as string },
    end: timed
      ? { dateTime: inZone(row.end_at ?? (row.start_at as string), zone), timeZone: zone }
      : { date: row.end_date as string },
    attendees: d.attendees ?? [],
    organizer: d.organizer ?? null,
    calendar: calendar.calendar,
    declined: Boolean(d.declined),
    provider: calendar.provider,
    htmlLink: d.htmlLink ?? null,
    daymark: d.daymark ?? null,
    transparency: d.transparency ?? null,
    transcript_id: transcriptOfEvent({ id: row.event_id, etag }, links),
  };
}

/** Grouping order (§2): by date in the user's zone, all-day events first, then by start time. */
export function eventSortKey(row: EventRow, zone: string, startInZone?: string): string {
  if (row.start_at === null) return `${row.start_date} 0`;
  const day = startInZone ? startInZone.slice(0, 10) : dateOfInstant(row.start_at, zone);
  return `${day} 1 ${row.start_at}`;
}
