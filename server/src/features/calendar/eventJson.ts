import { type CalendarEvent, calendarEvent } from '#common/api/calendar.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { type Written, writtenOnce } from '../../http/writtenOnce.js';
import { type LinksByEvent, linksKey } from '../transcripts/eventLinks.js';
import { type EventCalendarRef, eventSortKey, presentEvent } from './present.js';
import { isoInZone } from './providers/zoneFormat.js';
import type { EventKeyRow, EventRow } from './repo.js';

/** One event written by the same compiled serialiser as the route's response (declared fields only). */
const writeEvent = compileResponseSerializer(calendarEvent) as (e: CalendarEvent) => string;

/** A calendar as an event names it, with a text that changes whenever anything it names changes. */
export interface WrittenCalendar extends EventCalendarRef {
  key: string;
}

export const writtenCalendarOf = (c: EventCalendarRef): WrittenCalendar => ({
  ...c,
  key: [c.provider, c.calendar.id, c.calendar.summary, c.calendar.backgroundColor, c.calendar.foregroundColor].join(
    '\u0000',
  ),
});

/** An event's JSON bytes, its place in the order and whether the user declined it (found while writing it). */
export type WrittenEvent = Written<{ sortKey: string; declined: boolean }>;

/**
 * Events written as JSON, by calendar and event id (`writtenOnce`). A calendar view reads the
 * same cached events again and again (every reload, every week shown twice), and presenting them
 * (parsing the stored details, writing two instants in the zone, serialising some twenty fields)
 * was most of a range read's work. An event is written again whenever anything it is written
 * from changes: its row (a row is never updated, so its id stands for the stored details, the
 * instants and the dates; see `EventRow`), the zone, what it names of its calendar and the
 * transcripts that reference it (`linksKey`, from which its `transcript_id` is decided). Its sort
 * key (the day and start in the zone) and whether it was declined are kept with it.
 */
const written = writtenOnce<WrittenEvent['extra']>(8 * 1024 * 1024);

const keyOf = (row: EventKeyRow) => `${row.calendar_row_id}\u0000${row.event_id}`;
const inputsOf = (row: EventKeyRow, calendar: WrittenCalendar, zone: string, links: LinksByEvent) => [
  row.id,
  zone,
  calendar.key,
  linksKey(links.get(row.event_id)),
];

/** The event as kept, if it was written from this row, zone, calendar and transcript links; nothing is written. */
export function keptEvent(
  row: EventKeyRow,
  calendar: WrittenCalendar,
  zone: string,
  links: LinksByEvent,
): WrittenEvent | undefined {
  return written.peek(keyOf(row), inputsOf(row, calendar, zone, links));
}

export function writtenEvent(
  row: EventRow,
  calendar: WrittenCalendar,
  zone: string,
  links: LinksByEvent,
): WrittenEvent {
  return written(keyOf(row), inputsOf(row, calendar, zone, links), () => {
    const start = row.start_at === null ? undefined : isoInZone(row.start_at, zone);
    const event = presentEvent(row, calendar, zone, start, links);
    return { text: writeEvent(event), extra: { sortKey: eventSortKey(row, zone, start), declined: event.declined } };
  });
}
