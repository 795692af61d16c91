import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '#common/api/calendar.js';
import { addDays, dateInZone } from '#common/time.js';
import { cacheWindow } from '../features/calendar/sync.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS } from './harness.js';
import {
  CORPUS_DIR,
  corpusEntries,
  describeDifference,
  difference,
  type Expansion,
  expandWithPython,
  type Occurrence,
  overlapsWindow,
  shiftByWeeks,
} from './icsCorpus.js';

/**
 * Real calendar files, subscribed to as .ics feeds and read back over the cache window, give the
 * same occurrences (UID, start, end) as an independent expansion of the same text
 * (scripts/ical-occurrences.py). Runs on SQLite, and on PostgreSQL under scripts/with-postgres.sh.
 */
const entries = corpusEntries();
// The clock stands still, so the server's cache window is exactly the one given to Python.
const now = Date.now();
const window = cacheWindow(now);
const MAX_RESULTS = 2500;
const RANGE_DAYS = 800;

let h: Harness;
let server: http.Server;
let base: string;
const feeds = new Map<string, string>();
let expected: Record<string, Expansion>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now });
  for (const e of entries) feeds.set(e.file, shiftByWeeks(fs.readFileSync(CORPUS_DIR + e.file, 'utf8'), e.shiftWeeks));
  expected = expandWithPython(
    entries.map((e) => ({
      name: e.file,
      text: feeds.get(e.file) as string,
      zone: e.zone,
      zoneNames: e.zoneNames,
      ...window,
    })),
  );
  server = http.createServer((req, res) => {
    const body = feeds.get(decodeURIComponent((req.url ?? '').slice(1)));
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await createHarness({ env: LOCAL_CALENDARS });
});

afterAll(async () => {
  await h?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  vi.useRealTimers();
});

/** Subscribes the user to a feed; the error text when Daymark refuses it. */
async function subscribe(c: Client, url: string, name: string): Promise<string | null> {
  const res = await c.request({ method: 'POST', url: '/api/calendar/ics', payload: { url, name } });
  return res.statusCode === 201 ? null : `${res.statusCode} ${res.body}`;
}

/** The user's events from `from` to `to` (dates in their zone), in calls of at most 800 days. */
async function eventsBetween(c: Client, from: string, to: string): Promise<CalendarEvent[]> {
  const seen = new Map<string, { event: CalendarEvent; count: number }>();
  const read = async (a: string, b: string): Promise<void> => {
    const res = await c.request({
      method: 'GET',
      url: `/api/calendar/events/range?startDate=${a}&endDate=${b}&maxResults=${MAX_RESULTS}`,
    });
    if (res.statusCode !== 200) throw new Error(`events/range ${a}..${b}: ${res.statusCode} ${res.body}`);
    const events = res.json() as CalendarEvent[];
    if (events.length >= MAX_RESULTS && a < b) {
      const middle = addDays(a, Math.floor((Date.parse(b) - Date.parse(a)) / 86_400_000 / 2));
      await read(a, middle);
      await read(addDays(middle, 1), b);
      return;
    }
    // An event overlapping two calls comes back from both: count each once per call, keep the most.
    const counts = new Map<string, { event: CalendarEvent; count: number }>();
    for (const e of events) {
      const k = JSON.stringify([e.id, e.start, e.end]);
      counts.set(k, { event: e, count: (counts.get(k)?.count ?? 0) + 1 });
    }
    for (const [k, v] of counts) if ((seen.get(k)?.count ?? 0) < v.count) seen.set(k, v);
  };
  for (let a = from; a <= to; a = addDays(a, RANGE_DAYS + 1)) {
    const b = addDays(a, RANGE_DAYS) < to ? addDays(a, RANGE_DAYS) : to;
    await read(a, b);
  }
  return [...seen.values()].flatMap((v) => Array<CalendarEvent>(v.count).fill(v.event));
}

const instant = (t: { dateTime?: string }) => `${new Date(t.dateTime as string).toISOString().slice(0, 19)}Z`;

/** Daymark's event as an occurrence: the UID is its series (or its own id), as the file wrote it. */
function occurrenceOf(e: CalendarEvent, uids: string[]): Occurrence {
  const own = e.recurringEventId ?? e.id;
  const uid = uids.includes(own) ? own : (uids.find((u) => own.endsWith(u)) ?? null);
  const allDay = e.start.date !== undefined;
  return {
    uid,
    summary: e.summary,
    allDay,
    start: allDay ? (e.start.date as string) : instant(e.start),
    end: allDay ? (e.end.date as string) : instant(e.end),
  };
}

describe('moving a file by whole weeks', () => {
  it('moves event dates and UNTIL, not zone definitions or stamps, and keeps every other byte', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'DTSTAMP:20200423T174240Z',
      'DTSTART;TZID=Europe/Berlin:',
      ' 20200426T140000',
      'RRULE:FREQ=DAILY;UNTIL=20200429T000000',
      'EXDATE:20191015T141500Z,20191022T141500Z,201912',
      ' 31T151500Z',
      'RECURRENCE-ID;VALUE=DATE:20200922',
      'RDATE;VALUE=PERIOD:20231125T090000Z/20231125T123000Z',
      'DTEND;TZID="W. Europe Standard Time:20200609T093000"',
      'SUMMARY:On 20200426',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect(shiftByWeeks(text, 52).split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'DTSTAMP:20200423T174240Z',
      'DTSTART;TZID=Europe/Berlin:20210425T140000',
      'RRULE:FREQ=DAILY;UNTIL=20210428T000000',
      'EXDATE:20201013T141500Z,20201020T141500Z,20201229T151500Z',
      'RECURRENCE-ID;VALUE=DATE:20210921',
      'RDATE;VALUE=PERIOD:20241123T090000Z/20241123T123000Z',
      'DTEND;TZID="W. Europe Standard Time:20210608T093000"',
      'SUMMARY:On 20200426',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
    expect(shiftByWeeks(text, 0)).toBe(text);
  });
});

describe('a corpus of real calendar files, read as .ics subscriptions', () => {
  it.each(entries.map((e, i) => [e.file, e, i] as const))(
    '%s gives the same occurrences as an independent expansion',
    async (_file, entry, i) => {
      const python = expected[entry.file] as Expansion;
      expect(python.error, `the Python expansion could not read ${entry.file}`).toBeNull();
      const c = await createUserAndSignIn(h, `reader${i}`);
      const zone = await c.request({ method: 'PUT', url: '/api/settings', payload: { timezone: entry.zone } });
      expect(zone.statusCode, zone.body).toBe(200);

      const refused = await subscribe(c, `${base}/${encodeURIComponent(entry.file)}`, entry.file);
      const events = refused
        ? []
        : await eventsBetween(c, dateInZone(window.start, entry.zone), dateInZone(window.end, entry.zone));

      const notCompared = new Set(Object.keys(python.failed));
      const compared = (o: Occurrence) => !notCompared.has(o.uid ?? '(no UID)');
      const mine = events
        .map((e) => occurrenceOf(e, python.uids))
        .filter((o) => overlapsWindow(o, window, entry.zone) && compared(o));
      const theirs = python.occurrences.filter(compared);
      expect(
        theirs.length + Object.keys(python.failed).length,
        `${entry.file} has no occurrence in the cache window any more: choose a new shiftWeeks in corpus.json (scripts/ical-occurrences.py --suggest-shifts)`,
      ).toBeGreaterThan(0);

      // What the Python library could not read is named in the manifest, so nothing goes uncompared unseen.
      expect(Object.keys(python.failed).sort(), `${entry.file}: the Python expansion failed`).toEqual(
        [...(entry.notCompared ?? [])].sort(),
      );
      const diff = difference(theirs, mine);
      const title = `${entry.file} (reader in ${entry.zone}, moved ${entry.shiftWeeks} weeks)`;
      const notes = [
        ...(refused ? [`Daymark refused the subscription: ${refused}`] : []),
        ...Object.entries(python.failed).map(
          ([uid, why]) => `not compared, the Python expansion failed on ${uid}: ${why}`,
        ),
        ...python.notes.map((n) => `Python: ${n}`),
      ];
      const report = [describeDifference(title, diff), ...notes.map((n) => `  ${n}`)].join('\n');
      expect(diff.missing.length + diff.extra.length, report).toBe(0);
    },
    // An endless series that began years ago takes Daymark seconds to expand.
    60_000,
  );
});
