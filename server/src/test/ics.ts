/** iCalendar text for tests' events, put straight into Radicale (server tests and browser specs). */
import { startOfDayIn } from '#common/time.js';

/** YYYYMMDDTHHMMSSZ of a local time (minutes after midnight) on a date in `zone`. */
export function icsInstant(date: string, minutes: number, zone: string): string {
  const t = Date.parse(startOfDayIn(date, zone)) + minutes * 60_000;
  return new Date(t)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A calendar object holding one event with these lines (DTSTART, SUMMARY, …). */
export function vevent(uid: string, lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Daymark tests//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
