import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#common/api/calendar.js';
import { addDays, todayIn } from '#common/time.js';
import { createHarness, createUserAndSignIn, type Harness, LOCAL_CALENDARS } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';

/** A real HTTP server publishing .ics feeds, with ETags, the way calendar hosts do. */
let server: http.Server;
let base: string;
const feeds = new Map<string, string>();
const hits: Array<{ path: string; ifNoneMatch?: string }> = [];
let h: Harness;
const today = todayIn('UTC');
const compact = (d: string) => d.replace(/-/g, '');

const feed = (summary: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Holidays//EN',
    'BEGIN:VEVENT',
    'UID:h1@example.com',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${compact(today)}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:h2@example.com',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${compact(addDays(today, 1))}T150000Z`,
    'DURATION:PT90M',
    'SUMMARY:Concert',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/**
 * An Exchange-style feed with one event whose start Exchange 2010 wrote with a misplaced quote
 * (repaired), one whose start cannot be read at all (left out and reported), one in a zone
 * nobody knows (reported), and two good ones.
 */
function oneBadLine() {
  const day = compact(addDays(today, 2));
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:Microsoft Exchange Server 2010',
    'BEGIN:VEVENT',
    'UID:repaired@example.com',
    'SUMMARY:Planning',
    `DTSTART;TZID="W. Europe Standard Time:${day}T090000"`,
    `DTEND;TZID=W. Europe Standard Time:${day}T100000`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:unreadable@example.com',
    'SUMMARY:Board meeting',
    `DTSTART:${day.slice(0, 7)}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:mars@example.com',
    'SUMMARY:Rover check',
    `DTSTART;TZID=Mars Standard Time:${day}T120000`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:good1@example.com',
    'SUMMARY:Lunch',
    `DTSTART:${day}T110000Z`,
    `DTEND:${day}T120000Z`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:good2@example.com',
    'SUMMARY:Day off',
    `DTSTART;VALUE=DATE:${day}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = feeds.get(req.url ?? '');
    hits.push({ path: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    const etag = `"${Buffer.from(body).length}-${body.length % 97}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar', etag }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  feeds.set('/holidays.ics', feed('Public holiday'));
  feeds.set('/broken.ics', '<html><body>Sign in</body></html>');
  feeds.set('/one-bad-line.ics', oneBadLine());
});
afterAll(async () => new Promise<void>((r) => server.close(() => r())));
afterEach(async () => h?.close());

const isSummerInBerlin = (date: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'short' })
    .format(new Date(`${date}T12:00:00Z`))
    .endsWith('GMT+2');

/** The user's events from today to `days` days on. */
async function eventsFromToday(c: Awaited<ReturnType<typeof createUserAndSignIn>>, days: number) {
  const res = await c.request({
    method: 'GET',
    url: `/api/calendar/events/range?startDate=${today}&endDate=${addDays(today, days)}`,
  });
  return res.json() as CalendarEvent[];
}

describe('.ics subscriptions', () => {
  it('subscribes, shows the events read-only, refreshes with the ETag and unsubscribes', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await createUserAndSignIn(h, 'alice');
    const res = await c.request({
      method: 'POST',
      url: '/api/calendar/ics',
      payload: { url: `${base}/holidays.ics`, name: 'Holidays' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ provider: 'ics', label: 'Holidays', status: 'connected' });
    const cals = (await c.request({ method: 'GET', url: '/api/calendar/calendars' })).json();
    expect(cals).toEqual([expect.objectContaining({ summary: 'Holidays', writable: false, provider: 'ics' })]);
    const events = await eventsFromToday(c, 1);
    expect(events.map((e) => e.summary)).toEqual(['Public holiday', 'Concert']);
    expect(events[0]?.end).toEqual({ date: addDays(today, 1) });
    expect(events[1]?.end.dateTime).toBe(`${addDays(today, 1)}T16:30:00Z`);

    const dup = await c.request({
      method: 'POST',
      url: '/api/calendar/ics',
      payload: { url: `${base}/holidays.ics`, name: 'Again' },
    });
    expect(dup.statusCode).toBe(400);

    hits.length = 0;
    expect((await c.request({ method: 'POST', url: '/api/calendar/refresh' })).statusCode).toBe(200);
    expect(hits.at(-1)?.ifNoneMatch).toMatch(/^"/);
    feeds.set('/holidays.ics', feed('Bank holiday'));
    await c.request({ method: 'POST', url: '/api/calendar/refresh' });
    const after = (await c.request({ method: 'GET', url: `/api/calendar/events/range?startDate=${today}` })).json();
    expect(after.map((e: CalendarEvent) => e.summary)).toEqual(['Bank holiday']);

    await expectOnlyOwnerCanReach(h, {
      create: async () => res.json().id as number,
      requests: (id) => [{ method: 'DELETE', url: `/api/calendar/ics/${id}` }],
      stillThere: async () => {
        expect((await c.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toHaveLength(
          1,
        );
      },
    });
    const del = await c.request({ method: 'DELETE', url: `/api/calendar/ics/${res.json().id}` });
    expect(del.statusCode).toBe(200);
    expect((await c.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toEqual([]);
    expect((await c.request({ method: 'DELETE', url: `/api/calendar/ics/${res.json().id}` })).statusCode).toBe(404);
    expect((await c.request({ method: 'DELETE', url: '/api/calendar/ics/abc' })).statusCode).toBe(400);
  });

  it('shows every event of a feed with a broken one, and says what it could not read', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await createUserAndSignIn(h, 'alice');
    const res = await c.request({
      method: 'POST',
      url: '/api/calendar/ics',
      payload: { url: `${base}/one-bad-line.ics`, name: 'Work' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const issues = {
      skipped: 1,
      first_reason: `“Board meeting”: its start could not be read (DTSTART:${compact(addDays(today, 2)).slice(0, 7)})`,
      unknown_zones: ['Mars Standard Time'],
    };
    expect(res.json().read_issues).toEqual(issues);
    const events = await eventsFromToday(c, 3);
    expect(events.map((e) => e.summary)).toEqual(['Day off', 'Planning', 'Lunch', 'Rover check']);
    // 09:00 in Berlin, in the user's zone (UTC here).
    expect(Date.parse(events[1]?.start.dateTime as string)).toBe(
      Date.parse(`${addDays(today, 2)}T09:00:00${isSummerInBerlin(addDays(today, 2)) ? '+02:00' : '+01:00'}`),
    );
    const conns = (await c.request({ method: 'GET', url: '/api/calendar/connections' })).json();
    expect(conns.connections[0]).toMatchObject({ status: 'connected', last_error: null, read_issues: issues });

    // Fixed at the source: the next refresh reads everything, and the report goes.
    feeds.set('/one-bad-line.ics', feed('Public holiday'));
    expect((await c.request({ method: 'POST', url: '/api/calendar/refresh' })).statusCode).toBe(200);
    const after = (await c.request({ method: 'GET', url: '/api/calendar/connections' })).json();
    expect(after.connections[0].read_issues).toBeNull();
    feeds.set('/one-bad-line.ics', oneBadLine());
  });

  it('keeps one subscription when the same URL is subscribed several times at once', async () => {
    feeds.set('/holidays.ics', feed('Public holiday'));
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await createUserAndSignIn(h, 'alice');
    const subscribe = () =>
      c.request({
        method: 'POST',
        url: '/api/calendar/ics',
        payload: { url: `${base}/holidays.ics`, name: 'Holidays' },
      });
    const res = await Promise.all(Array.from({ length: 6 }, subscribe));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    expect(res.filter((r) => r.statusCode === 400).map((r) => r.json().error)).toEqual(
      Array(5).fill('This calendar URL is already subscribed'),
    );
    expect((await c.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toHaveLength(1);
    const events = await eventsFromToday(c, 3);
    expect(events.map((e) => e.summary)).toEqual(['Public holiday', 'Concert']);
  });

  it('names what failed and saves nothing: a missing feed, a page that is not iCalendar, an unreachable host', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await createUserAndSignIn(h, 'alice');
    const cases: Array<[string, RegExp]> = [
      [`${base}/missing.ics`, /answered 404/],
      [`${base}/broken.ics`, /not valid iCalendar/],
      ['http://127.0.0.1:9/x.ics', /Could not reach 127.0.0.1:9/],
    ];
    for (const [url, message] of cases) {
      const res = await c.request({ method: 'POST', url: '/api/calendar/ics', payload: { url, name: 'X' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    const noName = await c.request({
      method: 'POST',
      url: '/api/calendar/ics',
      payload: { url: `${base}/holidays.ics`, name: ' ' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toMatch(/Name is required/);
    const bad = await c.request({
      method: 'POST',
      url: '/api/calendar/ics',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBe(400);
    expect((await c.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toEqual([]);
  });
});
