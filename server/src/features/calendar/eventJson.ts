import { type CalendarEvent, calendarEvent } from '../../../../common/src/api/calendar.js';
import { isoInZone } from '../../calendar/zoneFormat.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { type EventCalendarRef, eventSortKey, presentEvent } from './present.js';
import type { EventRow } from './repo.js';

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

/** A cached event written as JSON, with everything it was written from and its place in the order. */
export interface WrittenEvent {
  data: string;
  start_at: string | null;
  end_at: string | null;
  start_date: string | null;
  end_date: string | null;
  zone: string;
  calendarKey: string;
  sortKey: string;
  /** The event's JSON text, encoded once (a response is these bytes joined). */
  json: Buffer;
}

/**
 * Events written as JSON, by event id. A calendar view reads the same cached events again and
 * again (every reload, every week shown twice), and presenting them (parsing the stored details,
 * writing two instants in the zone, serialising some twenty fields) was most of a range read's
 * work. An entry is reused only when every input of its text is the same: the stored details,
 * the instants or dates, the zone and what the event names of its calendar; anything else
 * writes it again and replaces it. The text therefore depends on nothing but those inputs, so
 * a shared entry can never show one user another's data, and a changed event can never be
 * served stale, in this instance or after another instance's write. Each text is kept as its
 * UTF-8 bytes, so a response is a copy of them, not a string to measure and encode again; the
 * bytes are only ever copied from, never handed out.
 */
const written = new Map<string, WrittenEvent>();
const WRITTEN_MAX = 10_000;

export function writtenEvent(row: EventRow, calendar: WrittenCalendar, zone: string): WrittenEvent {
  const w = written.get(row.event_id);
  if (
    w !== undefined &&
    w.data === row.data &&
    w.start_at === row.start_at &&
    w.end_at === row.end_at &&
    w.start_date === row.start_date &&
    w.end_date === row.end_date &&
    w.zone === zone &&
    w.calendarKey === calendar.key
  )
    return w;
  const start = row.start_at === null ? undefined : isoInZone(row.start_at, zone);
  const fresh: WrittenEvent = {
    data: row.data,
    start_at: row.start_at,
    end_at: row.end_at,
    start_date: row.start_date,
    end_date: row.end_date,
    zone,
    calendarKey: calendar.key,
    sortKey: eventSortKey(row, zone, start),
    json: Buffer.from(writeEvent(presentEvent(row, calendar, zone, start))),
  };
  if (written.size >= WRITTEN_MAX) written.clear();
  written.set(row.event_id, fresh);
  return fresh;
}
