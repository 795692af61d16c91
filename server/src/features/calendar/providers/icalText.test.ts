import { describe, expect, it } from 'vitest';
import { readIcalText } from './icalText.js';
import { CalendarError } from './types.js';

/** A calendar around the given lines (CRLF, as producers write it). */
const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'];

const events = (text: string) => readIcalText(text).root.getAllSubcomponents('vevent');
const start = (text: string, uid: string) => {
  const v = events(text).find((e) => e.getFirstPropertyValue('uid') === uid);
  const p = v?.getFirstProperty('dtstart');
  return { value: String(p?.getFirstValue()), tzid: p?.getParameter('tzid'), type: p?.type };
};

describe('reading iCalendar text as real calendars write it', () => {
  it('repairs a quote closed after the value, as Exchange 2010 wrote it', () => {
    // The shape of the line in the report of an Exchange 2010 calendar refused whole.
    const text = calendar(...event('x', 'DTSTART;TZID="W. Europe Standard Time:20100329T090000"'));
    expect(start(text, 'x')).toEqual({
      value: '2010-03-29T09:00:00',
      tzid: 'W. Europe Standard Time',
      type: 'date-time',
    });
    expect(readIcalText(text).repaired).toBe(1);
  });

  it('reads the value after the last colon of an unquoted TZID, as Google wrote it', () => {
    // libical/libical#152, from a Google Calendar 70.9054 export.
    const text = calendar(
      ...event('x', 'DTSTART;TZID=GMT+05:30:20120904T020000', 'DTEND;TZID=GMT+05:30:20120904T030000'),
    );
    expect(start(text, 'x')).toEqual({ value: '2012-09-04T02:00:00', tzid: 'GMT+05:30', type: 'date-time' });
  });

  it('drops an empty item at the end of a date list', () => {
    // tutao/tutanota#5973.
    const text = calendar(
      ...event(
        'x',
        'DTSTART;TZID=Europe/Berlin:20231220T100000',
        'RRULE:FREQ=WEEKLY',
        'EXDATE;TZID=Europe/Berlin:20231227T100000,20240103T100000,',
      ),
    );
    const exdates = events(text)[0]?.getFirstProperty('exdate')?.getValues();
    expect(exdates?.map(String)).toEqual(['2023-12-27T10:00:00', '2024-01-03T10:00:00']);
  });

  it('reads a date written without VALUE=DATE, spaces inside a date, and VALUE=DATE over a date-time', () => {
    const text = calendar(
      ...event('a', 'DTSTART:20260212', 'DTEND:20260213'),
      ...event('b', 'DTSTART: 20260212T100000Z'),
      ...event('c', 'DTSTART;VALUE=DATE:20260212T000000'),
    );
    expect(start(text, 'a')).toMatchObject({ value: '2026-02-12', type: 'date' });
    expect(start(text, 'b')).toMatchObject({ value: '2026-02-12T10:00:00Z', type: 'date-time' });
    expect(start(text, 'c')).toMatchObject({ value: '2026-02-12', type: 'date' });
  });

  it('reads a date written with a Z as that date, as Google’s birthdays calendar writes it', () => {
    // ical.js samples/google_birthday.ics (Google Calendar 70.9054).
    const text = calendar(
      ...event(
        'x',
        'DTSTART;VALUE=DATE:20141210',
        'RRULE:FREQ=DAILY;INTERVAL=1;COUNT=1',
        'RDATE:20131210Z',
        'RDATE:20121210Z',
      ),
    );
    const rdates = events(text)[0]
      ?.getAllProperties('rdate')
      .map((p) => [p.type, String(p.getFirstValue())]);
    expect(rdates).toEqual([
      ['date', '2013-12-10'],
      ['date', '2012-12-10'],
    ]);
  });

  it('joins a folded line that lost its leading space to the text before it', () => {
    const text = calendar(...event('x', 'DTSTART:20260212T100000Z', 'DESCRIPTION:Agenda for the', 'quarterly review'));
    expect(events(text)[0]?.getFirstPropertyValue('description')).toBe('Agenda for thequarterly review');
  });

  it('leaves out an event whose start cannot be read, with the reason, and keeps the rest', () => {
    const text = calendar(
      ...event('bad', 'SUMMARY:Standup', 'DTSTART:2026021'),
      ...event('good', 'SUMMARY:Review', 'DTSTART:20260212T100000Z'),
    );
    const reading = readIcalText(text);
    expect(reading.root.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'))).toEqual(['good']);
    expect(reading.skipped).toEqual([
      { summary: 'Standup', reason: '“Standup”: its start could not be read (DTSTART:2026021)' },
    ]);
  });

  it('drops a line an event can do without, keeping the event', () => {
    const text = calendar(
      ...event(
        'x',
        'SUMMARY:Review',
        'DTSTART:20260212T100000Z',
        'ATTENDEE;PARTSTAT=ACCEPTED;CN="Dana:mailto:dana@example.com',
      ),
    );
    const reading = readIcalText(text);
    expect(reading.skipped).toEqual([]);
    expect(reading.root.getFirstSubcomponent('vevent')?.getFirstPropertyValue('summary')).toBe('Review');
  });

  it('leaves out a zone definition it cannot read whole, so its name is read another way', () => {
    const text = calendar(
      'BEGIN:VTIMEZONE',
      'TZID:Customized Time Zone',
      'BEGIN:STANDARD',
      'DTSTART:1601010',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...event('x', 'DTSTART:2026021', 'SUMMARY:bad'),
    );
    expect(readIcalText(text).root.getAllSubcomponents('vtimezone')).toEqual([]);
  });

  it('closes what a truncated file left open, and reads several VCALENDARs in one file as one', () => {
    const truncated = [
      'BEGIN:VCALENDAR',
      ...event('a', 'DTSTART:20260212T100000Z'),
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTART:20260213T100000Z',
    ].join('\n');
    expect(events(truncated).map((v) => v.getFirstPropertyValue('uid'))).toEqual(['a', 'b']);
    const two =
      calendar(...event('a', 'DTSTART:20260212T100000Z')) + calendar(...event('b', 'DTSTART:20260213T100000Z'));
    expect(events(two).map((v) => v.getFirstPropertyValue('uid'))).toEqual(['a', 'b']);
  });

  it('refuses only what is not a calendar at all', () => {
    expect(() => readIcalText('<html><body>Sign in</body></html>')).toThrow(CalendarError);
    expect(() => readIcalText('')).toThrow(/not valid iCalendar/);
    // A byte-order mark and LF line ends are a calendar.
    expect(events(`\ufeff${calendar(...event('a', 'DTSTART:20260212T100000Z')).replace(/\r\n/g, '\n')}`)).toHaveLength(
      1,
    );
  });
});
