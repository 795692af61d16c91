import type { CalendarEvent } from '#common/api/calendar.js';
import { CALENDAR_TEXT } from '#common/api/calendarText.js';
import { addDays, dateInZone, sundayOf } from '#common/time.js';

/**
 * Pure helpers of the calendar screens. Every date and time is the user's (their IANA zone),
 * never the browser's, so a laptop in another zone shows the same days as the server.
 */

export type PastRange = 0.03 | 0.25 | 1 | 3 | 6 | 12;

/** The date an event starts on in the zone (an all-day event's own date), or null when it has none. */
export function eventStartDate(event: CalendarEvent, zone: string): string | null {
  if (event.start.date) return event.start.date;
  if (event.start.dateTime) return dateInZone(event.start.dateTime, zone);
  return null;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(zone: string): Intl.DateTimeFormat {
  let format = timeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: zone });
    timeFormats.set(zone, format);
  }
  return format;
}

/** '9:00 AM' in the zone. */
export const formatTime = (instant: string, zone: string) => timeFormat(zone).format(new Date(instant));

/** 'All day', '9:00 AM - 10:30 AM' (12-hour, in the zone), or 'Time not specified'. */
export function timeLabel(event: CalendarEvent, zone: string): string {
  if (event.start.date) return CALENDAR_TEXT.allDay;
  const { dateTime: start } = event.start;
  if (!start || Number.isNaN(Date.parse(start))) return CALENDAR_TEXT.noTime;
  const end = event.end.dateTime;
  if (!end || Number.isNaN(Date.parse(end))) return formatTime(start, zone);
  return `${formatTime(start, zone)} - ${formatTime(end, zone)}`;
}

export interface EventGroup {
  date: string;
  events: CalendarEvent[];
}

export interface GroupOptions {
  /** Events that began before this date (multi-day ones) are listed under it. */
  fromDate?: string;
  /** Newest day first (the past view); within a day the order stays all-day first, then by start. */
  newestFirst?: boolean;
}

const startMs = (e: CalendarEvent) => (e.start.dateTime ? Date.parse(e.start.dateTime) : Number.NaN);

/** All-day events first, then by start time; events without a time last; then by title. */
function compareWithinDay(a: CalendarEvent, b: CalendarEvent): number {
  const rank = (e: CalendarEvent) => (e.start.date ? 0 : Number.isNaN(startMs(e)) ? 2 : 1);
  return rank(a) - rank(b) || (rank(a) === 1 ? startMs(a) - startMs(b) : 0) || a.summary.localeCompare(b.summary);
}

/**
 * Groups events by the date they start on in the user's zone, leaving out declined invitations.
 * Days in order (oldest first unless newestFirst), events inside a day all-day first, then by start.
 */
export function groupEvents(events: CalendarEvent[], zone: string, options: GroupOptions = {}): EventGroup[] {
  const byDate = new Map<string, CalendarEvent[]>();
  const seen = new Set<string>();
  for (const event of events) {
    if (event.declined || seen.has(event.id)) continue;
    seen.add(event.id);
    let date = eventStartDate(event, zone);
    if (!date) continue;
    if (options.fromDate && date < options.fromDate) date = options.fromDate;
    const list = byDate.get(date);
    if (list) list.push(event);
    else byDate.set(date, [event]);
  }
  const dates = [...byDate.keys()].sort();
  if (options.newestFirst) dates.reverse();
  return dates.map((date) => ({ date, events: (byDate.get(date) ?? []).sort(compareWithinDay) }));
}

/**
 * Made on first use, not when the module loads: the first date format of a page builds the
 * locale's patterns (about 35 ms on a fast machine, four times that on a mid-range phone), and
 * the overview loads this module even when it lists no events.
 */
let headingFormat: Intl.DateTimeFormat | undefined;

/** 'Today · Monday, November 23, 2026' for a YYYY-MM-DD date, relative to `today`. */
export function dateHeading(date: string, today: string): string {
  headingFormat ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const long = headingFormat.format(new Date(`${date}T00:00:00Z`));
  const relative =
    date === today
      ? 'Today'
      : date === addDays(today, 1)
        ? 'Tomorrow'
        : date === addDays(today, -1)
          ? 'Yesterday'
          : null;
  return relative ? `${relative} · ${long}` : long;
}

/** The date `months` calendar months before `date`, clamped to the month's last day (Mar 31 − 1 → Feb 28). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The first day of a past range ending today: 0.03 yesterday, 0.25 this week's Sunday, else months back. */
export function pastRangeStart(range: PastRange, today: string): string {
  if (range === 0.03) return addDays(today, -1);
  if (range === 0.25) return sundayOf(today);
  return monthsBefore(today, range);
}

/** Past events are those that have started by `now` (an all-day event has started on its date). */
export function hasStarted(event: CalendarEvent, now: number, today: string): boolean {
  if (event.start.date) return event.start.date <= today;
  const start = startMs(event);
  return Number.isNaN(start) || start <= now;
}

export const PAST_RANGE_LABELS: Record<PastRange, string> = {
  0.03: 'Yesterday',
  0.25: 'This week',
  1: 'Last month',
  3: 'Last 3 months',
  6: 'Last 6 months',
  12: 'Last 12 months',
};
