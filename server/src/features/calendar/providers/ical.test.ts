import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../../test/icsCorpus.js';
import { readCalendar } from './ical.js';

/**
 * Zones and recurrence as the big clients read them, each with the smallest calendar that needs
 * the rule. Lines marked with a source are as that producer wrote them (dates moved into 2026);
 * the others are written to RFC 5545 and the producer's documented form.
 */
const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'];

const window = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-12-31T00:00:00Z') };

function read(text: string, timeZone = 'Europe/Berlin') {
  return readCalendar(text, { window, timeZone, isSelf: () => false });
}

/** Each event as `id summary start..end` (instants in UTC, or dates). */
function lines(text: string, timeZone?: string) {
  return read(text, timeZone).events.map(
    (e) =>
      `${e.id} ${e.summary} ${e.allDay ? `${e.startDate}..${e.endDate}` : `${e.startAt?.slice(0, 16)}..${e.endAt?.slice(0, 16)}`}`,
  );
}

/** An Exchange VTIMEZONE (as Exchange 2010 writes one for Windows zones). */
const westEurope = [
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

describe('zones as real exports write them', () => {
  it('reads a Windows name, numbered or not, at the IANA zone’s offset on each date', () => {
    const text = calendar(
      ...westEurope,
      ...event(
        'w',
        'SUMMARY:Winter',
        'DTSTART;TZID=W. Europe Standard Time:20260210T090000',
        'DTEND;TZID=W. Europe Standard Time:20260210T100000',
      ),
      ...event('s', 'SUMMARY:Summer', 'DTSTART;TZID=W. Europe Standard Time 1:20260610T090000', 'DURATION:PT1H'),
    );
    expect(lines(text, 'UTC')).toEqual([
      'w Winter 2026-02-10T08:00..2026-02-10T09:00',
      's Summer 2026-06-10T07:00..2026-06-10T08:00',
    ]);
  });

  it('uses the file’s VTIMEZONE for a name it cannot read otherwise', () => {
    const custom = westEurope.map((l) => (l === 'TZID:W. Europe Standard Time' ? 'TZID:Customized Time Zone' : l));
    const text = calendar(
      ...custom,
      ...event('c', 'SUMMARY:Custom', 'DTSTART;TZID=Customized Time Zone:20260610T090000'),
    );
    expect(lines(text, 'UTC')).toEqual(['c Custom 2026-06-10T07:00..2026-06-10T07:00']);
    expect(read(text).issues.unknownZones).toEqual([]);
  });

  it('reads an Exchange empty TZID by its empty VTIMEZONE', () => {
    // ical4j/ical4j#367, an Exchange 2010 invitation: `TZID:` with zero offsets and `DTSTART;TZID=:20150826T090000`.
    const text = calendar(
      'BEGIN:VTIMEZONE',
      'TZID:',
      'BEGIN:STANDARD',
      'DTSTART:16010101T000000',
      'TZOFFSETFROM:+0000',
      'TZOFFSETTO:+0000',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...event('e', 'SUMMARY:Invite', 'DTSTART;TZID=:20260826T090000', 'DTEND;TZID=:20260826T100000'),
    );
    expect(lines(text)).toEqual(['e Invite 2026-08-26T09:00..2026-08-26T10:00']);
  });

  it('reads floating times in X-WR-TIMEZONE, else in the user’s zone', () => {
    const floating = event('f', 'SUMMARY:Floating', 'DTSTART:20260310T090000', 'DTEND:20260310T100000');
    // US/Eastern is daylight time from 8 March 2026.
    expect(lines(calendar('X-WR-TIMEZONE:US/Eastern', ...floating))).toEqual([
      'f Floating 2026-03-10T13:00..2026-03-10T14:00',
    ]);
    expect(lines(calendar(...floating), 'Europe/Berlin')).toEqual(['f Floating 2026-03-10T08:00..2026-03-10T09:00']);
  });

  it('repeats a series written in UTC in the X-WR-TIMEZONE wall clock, as Google exports them', () => {
    const text = calendar(
      'X-WR-TIMEZONE:Europe/Berlin',
      ...event(
        'g',
        'SUMMARY:Weekly',
        'DTSTART:20260319T080000Z',
        'DTEND:20260319T090000Z',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ),
    );
    // 09:00 in Berlin both weeks: 08:00Z before the change on 29 March, 07:00Z after it.
    expect(lines(text)).toEqual([
      'g_20260319T080000Z Weekly 2026-03-19T08:00..2026-03-19T09:00',
      'g_20260326T080000Z Weekly 2026-03-26T08:00..2026-03-26T09:00',
    ]);
    const after = calendar(
      'X-WR-TIMEZONE:Europe/Berlin',
      ...event('g', 'SUMMARY:Weekly', 'DTSTART:20260326T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=2'),
    );
    expect(lines(after)[1]).toBe('g_20260402T070000Z Weekly 2026-04-02T07:00..2026-04-02T08:00');
  });

  it('reports a zone it cannot read at all, and reads its times in the calendar’s zone', () => {
    const text = calendar(...event('u', 'SUMMARY:Somewhere', 'DTSTART;TZID=Mars Standard Time:20260310T090000'));
    const reading = read(text, 'Europe/Berlin');
    expect(reading.issues.unknownZones).toEqual(['Mars Standard Time']);
    expect(reading.events[0]?.startAt).toBe('2026-03-10T08:00:00.000Z');
  });

  it('reads a wall clock in the spring gap with the offset before it (RFC 5545 §3.3.5)', () => {
    const text = calendar(...event('gap', 'SUMMARY:Gap', 'DTSTART;TZID=Europe/Berlin:20260329T023000'));
    expect(read(text).events[0]?.startAt).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('recurrence as the big clients read it', () => {
  it('moves an Outlook all-day occurrence whose RECURRENCE-ID is a date-time', () => {
    const text = calendar(
      ...event(
        'bin',
        'SUMMARY:Bins',
        'DTSTART;VALUE=DATE:20260205',
        'DTEND;VALUE=DATE:20260206',
        'RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=TH',
      ),
      ...event(
        'bin',
        'SUMMARY:Bins (holiday)',
        'RECURRENCE-ID;TZID=GMT Standard Time:20260212T000000',
        'DTSTART;VALUE=DATE:20260213',
        'DTEND;VALUE=DATE:20260214',
      ),
    );
    expect(lines(text)).toEqual([
      'bin_20260205 Bins 2026-02-05..2026-02-06',
      'bin_20260212 Bins (holiday) 2026-02-13..2026-02-14',
      'bin_20260219 Bins 2026-02-19..2026-02-20',
    ]);
  });

  it('matches a date RECURRENCE-ID to the timed occurrence of that day', () => {
    const text = calendar(
      ...event(
        't',
        'SUMMARY:Sync',
        'DTSTART;TZID=Europe/Berlin:20260302T090000',
        'DURATION:PT30M',
        'RRULE:FREQ=DAILY;COUNT=2',
      ),
      ...event(
        't',
        'SUMMARY:Sync (late)',
        'RECURRENCE-ID;VALUE=DATE:20260303',
        'DTSTART;TZID=Europe/Berlin:20260303T150000',
        'DURATION:PT30M',
      ),
    );
    expect(lines(text)).toEqual([
      't_20260302T080000Z Sync 2026-03-02T08:00..2026-03-02T08:30',
      't_20260303T080000Z Sync (late) 2026-03-03T14:00..2026-03-03T14:30',
    ]);
  });

  it('excludes an EXDATE written in UTC from a series in a named zone, and ends at a UTC UNTIL', () => {
    const text = calendar(
      ...event(
        'w',
        'SUMMARY:Weekly',
        'DTSTART;TZID=America/New_York:20260302T090000',
        'DURATION:PT30M',
        'RRULE:FREQ=WEEKLY;UNTIL=20260323T130000Z',
        'EXDATE:20260309T130000Z',
      ),
    );
    expect(lines(text)).toEqual([
      'w_20260302T140000Z Weekly 2026-03-02T14:00..2026-03-02T14:30',
      'w_20260316T130000Z Weekly 2026-03-16T13:00..2026-03-16T13:30',
      'w_20260323T130000Z Weekly 2026-03-23T13:00..2026-03-23T13:30',
    ]);
  });

  it('adds RDATEs, counts the same RRULE twice once, and hides cancelled occurrences and series', () => {
    const text = calendar(
      ...event(
        'r',
        'SUMMARY:Run',
        'DTSTART:20260302T060000Z',
        'DTEND:20260302T070000Z',
        'RRULE:FREQ=WEEKLY;COUNT=2',
        'RRULE:FREQ=WEEKLY;COUNT=2',
        'RDATE:20260304T060000Z',
      ),
      ...event('r', 'SUMMARY:Run', 'RECURRENCE-ID:20260309T060000Z', 'DTSTART:20260309T060000Z', 'STATUS:CANCELLED'),
      ...event('c', 'SUMMARY:Called off', 'DTSTART:20260302T060000Z', 'RRULE:FREQ=DAILY;COUNT=3', 'STATUS:CANCELLED'),
    );
    expect(lines(text)).toEqual([
      'r_20260302T060000Z Run 2026-03-02T06:00..2026-03-02T07:00',
      'r_20260304T060000Z Run 2026-03-04T06:00..2026-03-04T07:00',
    ]);
  });

  it('shows overrides whose series is not in the file, and keeps events without UID apart', () => {
    const noUid = (summary: string) => ['BEGIN:VEVENT', `SUMMARY:${summary}`, 'DTSTART:20260302T060000Z', 'END:VEVENT'];
    const text = calendar(
      ...event(
        'lone',
        'SUMMARY:Moved',
        'RECURRENCE-ID:20260302T090000Z',
        'DTSTART:20260302T100000Z',
        'DTEND:20260302T110000Z',
      ),
      ...noUid('First'),
      ...noUid('Second'),
    );
    const out = read(text).events;
    expect(out.map((e) => e.summary)).toEqual(['Moved', 'First', 'Second']);
    expect(out[0]).toMatchObject({
      id: 'lone_20260302T090000Z',
      recurringEventId: 'lone',
      startAt: '2026-03-02T10:00:00.000Z',
    });
    expect(new Set(out.map((e) => e.id)).size).toBe(3);
    // The same file read again gives the same ids (transcripts refer to them).
    expect(read(text).events.map((e) => e.id)).toEqual(out.map((e) => e.id));
  });

  it('leaves out a series it cannot read with the reason, and reads the rest', () => {
    const text = calendar(
      ...event('r', 'SUMMARY:Every second', 'DTSTART:20200101T000000Z', 'RRULE:FREQ=SECONDLY'),
      ...event('ok', 'SUMMARY:Fine', 'DTSTART:20260302T060000Z'),
    );
    const reading = read(text);
    expect(reading.events.map((e) => e.summary)).toEqual(['Fine']);
    expect(reading.issues).toEqual({
      skipped: 1,
      firstReason: '“Every second”: it repeats too often to be read',
      unknownZones: [],
    });
  });
});

describe('long series', () => {
  it('walks a series from just before the window, with the occurrences a walk from its start gives', () => {
    // Daily every third day since 2010, weekly on two days every other week since 2015, and an
    // hourly one since 2025: read through the window, and through a window reaching back to
    // their starts (walked from the start), the window's occurrences are the same.
    const text = calendar(
      ...event(
        'd',
        'SUMMARY:Daily',
        'DTSTART;TZID=Europe/Berlin:20100104T073000',
        'DURATION:PT20M',
        'RRULE:FREQ=DAILY;INTERVAL=3',
      ),
      ...event(
        'w',
        'SUMMARY:Weekly',
        'DTSTART;TZID=America/New_York:20150105T090000',
        'DURATION:PT1H',
        'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
      ),
      ...event(
        'h',
        'SUMMARY:Hourly',
        'DTSTART:20251201T000000Z',
        'DURATION:PT5M',
        'RRULE:FREQ=HOURLY;INTERVAL=7;UNTIL=20260301T000000Z',
      ),
    );
    const near = readCalendar(text, { window, timeZone: 'UTC', isSelf: () => false }).events;
    const from2010 = readCalendar(text, {
      window: { start: new Date('2009-12-01T00:00:00Z'), end: window.end },
      timeZone: 'UTC',
      isSelf: () => false,
    }).events.filter((e) => Date.parse(e.endAt as string) > window.start.getTime());
    expect(near.length).toBeGreaterThan(350);
    expect(near.map((e) => e.id)).toEqual(from2010.map((e) => e.id));
  });
});

describe('busy or free time, as each event states it', () => {
  const stated = (text: string) => read(text).events.map((e) => `${e.id} ${e.transparency ?? '-'}`);

  it('reads TRANSP, else Outlook’s X-MICROSOFT-CDO-BUSYSTATUS, else says nothing', () => {
    const at = 'DTSTART:20260302T090000Z';
    const text = calendar(
      ...event('opaque', at, 'TRANSP:OPAQUE'),
      ...event('transparent', at, 'TRANSP:TRANSPARENT'),
      ...event('lower', at, 'TRANSP:transparent'),
      ...event('free', at, 'X-MICROSOFT-CDO-BUSYSTATUS:FREE'),
      ...event('busy', at, 'X-MICROSOFT-CDO-BUSYSTATUS:BUSY'),
      ...event('oof', at, 'X-MICROSOFT-CDO-BUSYSTATUS:OOF'),
      ...event('tentative', at, 'X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE'),
      ...event('elsewhere', at, 'X-MICROSOFT-CDO-BUSYSTATUS:WORKINGELSEWHERE'),
      // TRANSP is the standard's word: it wins over Outlook's.
      ...event('both', at, 'TRANSP:OPAQUE', 'X-MICROSOFT-CDO-BUSYSTATUS:FREE'),
      ...event('silent', at),
      ...event('unknown', at, 'TRANSP:MAYBE', 'X-MICROSOFT-CDO-BUSYSTATUS:SOMETIMES'),
      ...event('allday', 'DTSTART;VALUE=DATE:20260302', 'TRANSP:TRANSPARENT'),
    );
    expect(stated(text)).toEqual([
      'opaque opaque',
      'transparent transparent',
      'lower transparent',
      'free transparent',
      'busy opaque',
      'oof opaque',
      'tentative opaque',
      'elsewhere opaque',
      'both opaque',
      'silent -',
      'unknown -',
      'allday transparent',
    ]);
    expect(read(text).events.find((e) => e.id === 'silent')).not.toHaveProperty('transparency');
  });

  it('gives each occurrence its series’ word unless the override states its own', () => {
    const text = calendar(
      ...event('s', 'DTSTART:20260302T090000Z', 'RRULE:FREQ=DAILY;COUNT=4', 'TRANSP:TRANSPARENT'),
      ...event('s', 'RECURRENCE-ID:20260303T090000Z', 'DTSTART:20260303T100000Z', 'SUMMARY:Moved'),
      ...event('s', 'RECURRENCE-ID:20260304T090000Z', 'DTSTART:20260304T090000Z', 'TRANSP:OPAQUE'),
      ...event('s', 'RECURRENCE-ID:20260305T090000Z', 'DTSTART:20260305T090000Z', 'X-MICROSOFT-CDO-BUSYSTATUS:OOF'),
      // An override without its series states only its own.
      ...event('lone', 'RECURRENCE-ID:20260302T090000Z', 'DTSTART:20260302T100000Z'),
    );
    expect(stated(text)).toEqual([
      's_20260302T090000Z transparent',
      's_20260303T090000Z transparent',
      's_20260304T090000Z opaque',
      's_20260305T090000Z opaque',
      'lone_20260302T090000Z -',
    ]);
  });

  it('reads an Exchange 2010 export as Outlook shows it, by TRANSP and by its busy status alone', () => {
    // Four events, busy and free, as Exchange 2010 exported them (see the corpus's PROVENANCE.md).
    const exported = fs.readFileSync(`${CORPUS_DIR}microsoft-exchange2010-windows-zone-names.ics`, 'utf8');
    const wide = { start: new Date('2019-01-01T00:00:00Z'), end: new Date('2022-01-01T00:00:00Z') };
    // Two of them repeat: each series once, with what every occurrence of it says.
    const busy = (text: string) => [
      ...new Set(
        readCalendar(text, { window: wide, timeZone: 'Europe/Berlin', isSelf: () => false }).events.map(
          (e) => `${e.summary}: ${e.transparency}`,
        ),
      ),
    ];
    const expected = [
      'test: opaque',
      "Log Yesterday's Jira time: transparent",
      'Not the actual summary 1: opaque',
      'Not the actual summary either: transparent',
    ];
    expect(busy(exported)).toEqual(expected);
    const withoutTransp = exported.replace(/^TRANSP:.*\r?\n/gm, '');
    expect(withoutTransp).not.toMatch(/^TRANSP/m);
    expect(busy(withoutTransp)).toEqual(expected);
  });
});
