import { TZDate } from '@date-fns/tz';
import { addDays, mondayOf, todayIn } from '#common/time.js';
import type { Radicale } from './radicale.js';

/**
 * The calendar the CalDAV tests (and the e2e specs) read: two calendars with, relative to today
 * in `zone`, a weekly meeting with one moved and one cancelled occurrence, an all-day event, a
 * weekly event written in another zone across its nearest DST change, an invitation the user
 * declined, and a plain event in each calendar.
 */
export interface SeededCalendar {
  zone: string;
  today: string;
  work: string;
  personal: string;
  weekly: { uid: string; firstDate: string; movedFrom: string; movedTo: string; cancelled: string; count: number };
  allDay: { date: string; endDate: string };
  otherZone: { uid: string; zone: string; dates: string[]; transition: string };
}

const compact = (date: string) => date.replace(/-/g, '');

/** VTIMEZONE blocks as calendar clients write them (Radicale refuses a TZID it cannot resolve). */
const rule = (kind: string, from: string, to: string, name: string, start: string, rrule: string) => [
  `BEGIN:${kind}`,
  `TZOFFSETFROM:${from}`,
  `TZOFFSETTO:${to}`,
  `TZNAME:${name}`,
  `DTSTART:${start}`,
  `RRULE:${rrule}`,
  `END:${kind}`,
];
const us = (zone: string, std: string, dst: string, stdName: string, dstName: string) => [
  'BEGIN:VTIMEZONE',
  `TZID:${zone}`,
  ...rule('DAYLIGHT', std, dst, dstName, '20070311T020000', 'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU'),
  ...rule('STANDARD', dst, std, stdName, '20071104T020000', 'FREQ=YEARLY;BYMONTH=11;BYDAY=1SU'),
  'END:VTIMEZONE',
];
const eu = (zone: string, std: string, dst: string, stdName: string, dstName: string) => [
  'BEGIN:VTIMEZONE',
  `TZID:${zone}`,
  ...rule('DAYLIGHT', std, dst, dstName, '19700329T020000', 'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU'),
  ...rule('STANDARD', dst, std, stdName, '19701025T030000', 'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU'),
  'END:VTIMEZONE',
];
export const VTIMEZONES: Record<string, string[]> = {
  'Europe/Paris': eu('Europe/Paris', '+0100', '+0200', 'CET', 'CEST'),
  'Europe/Berlin': eu('Europe/Berlin', '+0100', '+0200', 'CET', 'CEST'),
  'Europe/London': eu('Europe/London', '+0000', '+0100', 'GMT', 'BST'),
  'America/New_York': us('America/New_York', '-0500', '-0400', 'EST', 'EDT'),
  'America/Los_Angeles': us('America/Los_Angeles', '-0800', '-0700', 'PST', 'PDT'),
};

const wrap = (body: string[]) => {
  const zones = [...new Set(body.flatMap((l) => /TZID=([^:;]+)/.exec(l)?.[1] ?? []))];
  const blocks = zones.flatMap((z) => {
    const block = VTIMEZONES[z];
    if (!block) throw new Error(`No VTIMEZONE for ${z} in the test seed`);
    return block;
  });
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Daymark tests//EN',
    ...blocks,
    ...body,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
};

/** The first day in [today-150, today+150] whose UTC offset in `zone` differs from the day before. */
export function nearestDstChange(zone: string, today: string): string {
  const offset = (d: string) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    return new TZDate(y, m - 1, day, 12, 0, 0, zone).getTimezoneOffset();
  };
  for (let i = 0; i <= 150; i++) {
    for (const d of [addDays(today, i), addDays(today, -i)]) {
      if (offset(d) !== offset(addDays(d, -1))) return d;
    }
  }
  throw new Error(`no DST change near ${today} in ${zone}`);
}

export async function seedRadicale(
  r: Radicale,
  user: string,
  opts: { zone: string; email: string; now?: number },
): Promise<SeededCalendar> {
  const zone = opts.zone;
  const today = todayIn(zone, opts.now ?? Date.now());
  const work = await r.makeCalendar(user, 'work', { displayName: 'Work', color: '#d50000ff' });
  const personal = await r.makeCalendar(user, 'personal', { displayName: 'Personal', color: '#33b679ff' });
  const stamp = 'DTSTAMP:20260101T000000Z';

  // Weekly meeting, 10:00–11:00 in the user's zone, six Mondays from two weeks ago; the third
  // is moved to Tuesday 15:00, the fourth is cancelled.
  const first = addDays(mondayOf(today), -14);
  const movedFrom = addDays(first, 14);
  const movedTo = addDays(movedFrom, 1);
  const cancelled = addDays(first, 21);
  await r.put(
    work,
    'weekly.ics',
    wrap([
      'BEGIN:VEVENT',
      'UID:weekly-sync',
      stamp,
      `DTSTART;TZID=${zone}:${compact(first)}T100000`,
      `DTEND;TZID=${zone}:${compact(first)}T110000`,
      'RRULE:FREQ=WEEKLY;COUNT=6',
      `EXDATE;TZID=${zone}:${compact(cancelled)}T100000`,
      'SUMMARY:Weekly sync',
      'LOCATION:Room 4',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly-sync',
      stamp,
      `RECURRENCE-ID;TZID=${zone}:${compact(movedFrom)}T100000`,
      `DTSTART;TZID=${zone}:${compact(movedTo)}T150000`,
      `DTEND;TZID=${zone}:${compact(movedTo)}T160000`,
      'SUMMARY:Weekly sync (moved)',
      'END:VEVENT',
    ]),
    user,
  );

  // All-day, today and tomorrow.
  await r.put(
    personal,
    'holiday.ics',
    wrap([
      'BEGIN:VEVENT',
      'UID:holiday',
      stamp,
      `DTSTART;VALUE=DATE:${compact(today)}`,
      `DTEND;VALUE=DATE:${compact(addDays(today, 2))}`,
      'SUMMARY:Family visit',
      'END:VEVENT',
    ]),
    user,
  );

  // Weekly at 09:00 New York time (or Los Angeles when the user is in New York), across its DST change.
  const otherZone = zone === 'America/New_York' ? 'America/Los_Angeles' : 'America/New_York';
  const transition = nearestDstChange(otherZone, today);
  const otherFirst = addDays(transition, -14);
  await r.put(
    work,
    'other-zone.ics',
    wrap([
      'BEGIN:VEVENT',
      'UID:other-zone-call',
      stamp,
      `DTSTART;TZID=${otherZone}:${compact(otherFirst)}T090000`,
      `DTEND;TZID=${otherZone}:${compact(otherFirst)}T093000`,
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'SUMMARY:Call with the New York office',
      'END:VEVENT',
    ]),
    user,
  );

  // Today 16:00–17:00: an invitation the user declined.
  await r.put(
    work,
    'declined.ics',
    wrap([
      'BEGIN:VEVENT',
      'UID:declined-invite',
      stamp,
      `DTSTART;TZID=${zone}:${compact(today)}T160000`,
      `DTEND;TZID=${zone}:${compact(today)}T170000`,
      'SUMMARY:Budget review',
      'ORGANIZER;CN=Bob:mailto:bob@example.com',
      'ATTENDEE;CN=Bob;PARTSTAT=ACCEPTED:mailto:bob@example.com',
      `ATTENDEE;CN=Me;PARTSTAT=DECLINED:mailto:${opts.email}`,
      'END:VEVENT',
    ]),
    user,
  );

  // Today 12:30–13:30 in the personal calendar; today 08:00–08:45 at work.
  await r.put(
    personal,
    'lunch.ics',
    wrap([
      'BEGIN:VEVENT',
      'UID:lunch',
      stamp,
      `DTSTART;TZID=${zone}:${compact(today)}T123000`,
      `DTEND;TZID=${zone}:${compact(today)}T133000`,
      'SUMMARY:Lunch with Sam',
      'LOCATION:Café du Coin',
      'END:VEVENT',
    ]),
    user,
  );
  await r.put(
    work,
    'standup.ics',
    wrap([
      'BEGIN:VEVENT',
      'UID:standup',
      stamp,
      `DTSTART;TZID=${zone}:${compact(today)}T080000`,
      `DTEND;TZID=${zone}:${compact(today)}T084500`,
      'SUMMARY:Standup',
      'END:VEVENT',
    ]),
    user,
  );

  return {
    zone,
    today,
    work,
    personal,
    weekly: { uid: 'weekly-sync', firstDate: first, movedFrom, movedTo, cancelled, count: 6 },
    allDay: { date: today, endDate: addDays(today, 2) },
    otherZone: {
      uid: 'other-zone-call',
      zone: otherZone,
      dates: [0, 7, 14, 21].map((d) => addDays(otherFirst, d)),
      transition,
    },
  };
}
