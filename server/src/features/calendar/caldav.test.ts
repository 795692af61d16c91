import fs from 'node:fs';
import path from 'node:path';
import { type DAVCalendar, fetchCalendarObjects } from 'tsdav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#common/api/calendar.js';
import { addDays, dateInZone } from '#common/time.js';
import { type SeededCalendar, seedRadicale } from '../../test/calendarSeed.js';
import {
  type Client,
  createHarness,
  createUserAndSignIn,
  type Harness,
  LOCAL_CALENDARS,
  userIdOf,
} from '../../test/harness.js';
import { vevent } from '../../test/ics.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { connectCaldav, type Radicale, startRadicale } from '../../test/radicale.js';
import { setUserTimeZone } from '../../time/userZone.js';
import { savePlan } from '../workout/plansRepo.js';

const ZONE = 'Europe/Paris';
const PASSWORD = 'alice-app-password-7f3k';
let radicale: Radicale;
let seed: SeededCalendar;
let h: Harness;

beforeAll(async () => {
  radicale = await startRadicale({ alice: PASSWORD });
  seed = await seedRadicale(radicale, 'alice', { zone: ZONE, email: 'alice@example.com' });
});
afterAll(async () => radicale?.stop());
afterEach(async () => h?.close());

async function connected(name = 'alice'): Promise<Client> {
  const c = await createUserAndSignIn(h, name);
  await setUserTimeZone(h.ctx.db, await userIdOf(h, c.username), ZONE);
  await connectCaldav(c, radicale, 'alice');
  return c;
}

const range = async (c: Client, from: string, to: string, extra = '') => {
  const res = await c.request({
    method: 'GET',
    url: `/api/calendar/events/range?startDate=${from}&endDate=${to}${extra}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarEvent[];
};

const wallClock = (dateTime: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(dateTime),
  );

describe('CalDAV against Radicale', () => {
  it('connects, discovers both calendars with their colours and reports the connection', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const cals = (await c.request({ method: 'GET', url: '/api/calendar/calendars' })).json();
    expect(cals.map((x: { summary: string }) => x.summary).sort()).toEqual(['Personal', 'Work']);
    const work = cals.find((x: { summary: string }) => x.summary === 'Work');
    expect(work).toMatchObject({
      backgroundColor: '#d50000',
      foregroundColor: '#ffffff',
      provider: 'caldav',
      writable: true,
    });
    const personal = cals.find((x: { summary: string }) => x.summary === 'Personal');
    expect(personal).toMatchObject({ backgroundColor: '#33b679', foregroundColor: '#000000' });

    const conns = (await c.request({ method: 'GET', url: '/api/calendar/connections' })).json();
    expect(conns.connections).toHaveLength(1);
    expect(conns.connections[0]).toMatchObject({
      provider: 'caldav',
      status: 'connected',
      label: expect.stringContaining('alice at 127.0.0.1'),
      last_error: null,
    });
    expect(Date.parse(conns.connections[0].last_sync_time)).toBeGreaterThan(Date.now() - 60_000);
    expect((await c.request({ method: 'GET', url: '/api/calendar/is-authenticated' })).json()).toEqual({
      isAuthenticated: true,
    });
    const settings = (await c.request({ method: 'GET', url: '/api/calendar/sync-settings' })).json();
    expect(settings).toMatchObject({
      auto_sync: true,
      sync_workouts: true,
      sync_journal: false,
      selected_calendars: [],
    });
    expect(settings.last_sync_time).toBe(conns.connections[0].last_sync_time);
  });

  it('expands the weekly meeting: moved occurrence at its new time, cancelled one gone', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const events = (await range(c, seed.weekly.firstDate, addDays(seed.weekly.firstDate, 42))).filter(
      (e) => e.recurringEventId === seed.weekly.uid,
    );
    expect(events).toHaveLength(seed.weekly.count - 1);
    const dates = events.map((e) => e.start.dateTime?.slice(0, 10));
    expect(dates).not.toContain(seed.weekly.cancelled);
    expect(dates).not.toContain(seed.weekly.movedFrom);
    const moved = events.find((e) => e.start.dateTime?.startsWith(seed.weekly.movedTo));
    expect(moved?.summary).toBe('Weekly sync (moved)');
    expect(wallClock(moved?.start.dateTime as string, ZONE)).toBe('15:00');
    for (const e of events.filter((x) => x !== moved)) {
      expect(e.summary).toBe('Weekly sync');
      expect(e.location).toBe('Room 4');
      expect(wallClock(e.start.dateTime as string, ZONE)).toBe('10:00');
      expect(e.calendar.summary).toBe('Work');
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('keeps another zone’s wall clock across its DST change and shows it in the user’s zone', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const { dates, zone, uid, transition } = seed.otherZone;
    const events = (await range(c, addDays(dates[0] as string, -1), addDays(dates[3] as string, 1))).filter(
      (e) => e.recurringEventId === uid,
    );
    expect(events).toHaveLength(4);
    const utcHours = events.map((e) => new Date(e.start.dateTime as string).getUTCHours());
    for (const e of events) {
      expect(wallClock(e.start.dateTime as string, zone)).toBe('09:00');
      // Written with the user's offset: the local part is the Paris wall clock.
      expect(e.start.dateTime?.slice(11, 16)).toBe(wallClock(e.start.dateTime as string, ZONE));
      expect(e.start.timeZone).toBe(ZONE);
    }
    const before = events.filter((e) => (e.start.dateTime as string).slice(0, 10) < transition);
    const after = events.filter((e) => (e.start.dateTime as string).slice(0, 10) >= transition);
    expect(before).toHaveLength(2);
    expect(after).toHaveLength(2);
    expect(new Set(utcHours).size).toBe(2);
  });

  it("lists today's events grouped: all-day first, then by start; the declined invitation is marked", async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const res = await c.request({ method: 'GET', url: '/api/calendar/events' });
    expect(res.statusCode).toBe(200);
    const today = (res.json() as CalendarEvent[]).filter((e) => !e.recurringEventId);
    expect(today.map((e) => e.summary)).toEqual(['Family visit', 'Standup', 'Lunch with Sam', 'Budget review']);
    expect(today[0]?.start).toEqual({ date: seed.today });
    expect(today[0]?.end).toEqual({ date: seed.allDay.endDate });
    expect(today[2]?.calendar).toMatchObject({ summary: 'Personal', backgroundColor: '#33b679' });
    const declined = today.find((e) => e.summary === 'Budget review');
    expect(declined?.declined).toBe(true);
    expect(declined?.attendees.find((a) => a.self)).toMatchObject({
      email: 'alice@example.com',
      responseStatus: 'declined',
    });
    expect(declined?.organizer).toEqual({ email: 'bob@example.com', displayName: 'Bob' });
    expect(today.filter((e) => e.summary !== 'Budget review').every((e) => !e.declined)).toBe(true);

    // The next day: the all-day event still shows (end exclusive), nothing else from today.
    const tomorrow = await range(c, addDays(seed.today, 1), addDays(seed.today, 1));
    expect(tomorrow.map((e) => e.summary)).toContain('Family visit');
    expect(tomorrow.map((e) => e.summary)).not.toContain('Lunch with Sam');
    for (const e of tomorrow.filter((x) => x.start.dateTime))
      expect(dateInZone(e.start.dateTime as string, ZONE)).toBe(addDays(seed.today, 1));
  });

  it('limits to the selected calendars and refuses calendars that are not the user’s', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const cals = (await c.request({ method: 'GET', url: '/api/calendar/calendars' })).json();
    const personal = cals.find((x: { summary: string }) => x.summary === 'Personal').id;
    const bad = await c.request({
      method: 'PUT',
      url: '/api/calendar/sync-settings',
      payload: {
        auto_sync: true,
        sync_workouts: false,
        sync_journal: true,
        selected_calendars: ['caldav:http://elsewhere/'],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Unknown calendar/);
    const ok = await c.request({
      method: 'PUT',
      url: '/api/calendar/sync-settings',
      payload: { auto_sync: true, sync_workouts: false, sync_journal: true, selected_calendars: [personal] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ sync_workouts: false, sync_journal: true, selected_calendars: [personal] });
    const events = await range(c, seed.today, seed.today);
    expect(new Set(events.map((e) => e.calendar.summary))).toEqual(new Set(['Personal']));
  });

  it('names what failed: wrong password, unreachable server, wrong URL; nothing is saved', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await createUserAndSignIn(h, 'bob');
    const wrong = await c.request({
      method: 'POST',
      url: '/api/calendar/caldav',
      payload: { url: radicale.url, username: 'alice', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/refused the username or password/);
    const down = await c.request({
      method: 'POST',
      url: '/api/calendar/caldav',
      payload: { url: 'http://127.0.0.1:9/', username: 'alice', password: 'x' },
    });
    expect(down.statusCode).toBe(400);
    expect(down.json().error).toMatch(/Could not reach the CalDAV server at 127.0.0.1:9/);
    const notUrl = await c.request({
      method: 'POST',
      url: '/api/calendar/caldav',
      payload: { url: 'radicale', username: 'alice', password: 'x' },
    });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().error).toMatch(/CalDAV server URL/);
    expect((await c.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toEqual([]);
    expect((await c.request({ method: 'GET', url: '/api/calendar/is-authenticated' })).json()).toEqual({
      isAuthenticated: false,
    });
  });

  it('writes a workout once: a second sync updates the same event on the server', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const userId = await userIdOf(h, c.username);
    const date = addDays(seed.today, 3);
    const plan = {
      title: 'Upper body',
      description: 'Push and pull',
      estimated_duration: 30,
      equipment_needed: [],
      notes: '',
      workout_sections: [
        {
          section_name: 'Main',
          duration: 20,
          exercises: [
            {
              name: 'Push-ups',
              instructions: 'Keep a straight line',
              duration_or_reps: '10',
              sets: 3,
              rest_between_sets: '60s',
              reasoning: 'Strength',
            },
          ],
        },
      ],
    };
    const { row } = await savePlan(h.ctx.db, userId, {
      date,
      plan: JSON.stringify(plan),
      plan_uuid: 'p-1',
      focus: null,
      intensity: null,
      source: 'planner',
    });
    const first = await c.request({ method: 'POST', url: `/api/calendar/sync-workout/${row.id}` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, updated: false });
    const second = await c.request({ method: 'POST', url: `/api/calendar/sync-workout/${row.id}` });
    expect(second.json()).toMatchObject({ success: true, updated: true, event_id: first.json().event_id });

    const auth = { authorization: `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}` };
    let workouts = 0;
    for (const url of [seed.work, seed.personal]) {
      const objs = await fetchCalendarObjects({ calendar: { url } as DAVCalendar, headers: auth });
      workouts += objs.filter((o) => String(o.data).includes('Workout: Upper body')).length;
    }
    expect(workouts).toBe(1);
    const events = await range(c, date, date);
    const shown = events.filter((e) => e.summary === 'Workout: Upper body');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.start).toEqual({ date });
    expect(shown[0]?.description).toContain('Push-ups: 3 × 10');

    await expectOnlyOwnerCanReach(h, {
      create: async () => row.id,
      requests: (id) => [{ method: 'POST', url: `/api/calendar/sync-workout/${id}` }],
      stillThere: async () => {
        const again = await range(c, date, date);
        expect(again.filter((e) => e.summary === 'Workout: Upper body')).toHaveLength(1);
      },
    });
  });

  it('never stores the password or tokens in clear', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    await connected();
    const rows = await h.ctx.db.selectFrom('calendar_connections').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(rows[0]?.credentials.startsWith('v1:')).toBe(true);
    if (h.ctx.dialect === 'sqlite') {
      const dir = h.env.DATA_DIR as string;
      for (const f of fs.readdirSync(dir).filter((n) => n.startsWith('daymark.db'))) {
        expect(fs.readFileSync(path.join(dir, f)).includes(Buffer.from(PASSWORD))).toBe(false);
      }
      expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o077).toBe(0);
    }
  });

  it("keeps one user's connection, calendars and events from another; disconnecting forgets them", async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    const other = await createUserAndSignIn(h, 'mallory');
    expect((await range(other, seed.today, seed.today)).length).toBe(0);
    expect((await other.request({ method: 'GET', url: '/api/calendar/calendars' })).json()).toEqual([]);
    expect((await other.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toEqual([]);
    expect((await other.request({ method: 'DELETE', url: '/api/calendar/caldav' })).statusCode).toBe(200);
    expect((await range(c, seed.today, seed.today)).length).toBeGreaterThan(0);

    const off = await c.request({ method: 'DELETE', url: '/api/calendar/caldav' });
    expect(off.statusCode).toBe(200);
    expect(await range(c, seed.today, seed.today)).toEqual([]);
    expect((await h.ctx.db.selectFrom('calendar_events').select('id').execute()).length).toBe(0);
  });

  it('refuses impossible dates and bad ranges', async () => {
    h = await createHarness({ env: LOCAL_CALENDARS });
    const c = await connected();
    for (const q of [
      'startDate=2026-02-30',
      'startDate=9999-99-99',
      'startDate=2026-03-01&endDate=2026-02-01',
      'startDate=2026-03-01&maxResults=0',
    ]) {
      const res = await c.request({ method: 'GET', url: `/api/calendar/events/range?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const slots = await c.request({ method: 'GET', url: '/api/calendar/free-slots?days=0' });
    expect(slots.statusCode).toBe(400);
  });
});

describe('a CalDAV calendar holding an object Daymark cannot read whole', () => {
  it('shows the good objects, repairs what it can, and reports the one it left out', async () => {
    // Radicale stores only what its own reader accepts, and writes it back in its own form
    // (`DURATION:1H` comes back as `PT1H`). Of what it stores, Daymark reads a date-time under
    // VALUE=DATE as that date, reports a zone nobody knows, and leaves out a rule repeating
    // every second since 2020, which it will not walk through.
    const own = await startRadicale({ bob: 'bob-app-password' });
    try {
      const cal = await own.makeCalendar('bob', 'imported', { displayName: 'Imported' });
      const day = addDays(dateInZone(Date.now(), ZONE), 1).replace(/-/g, '');
      const object = (uid: string, ...lines: string[]) => vevent(uid, lines);
      await own.put(
        cal,
        'good.ics',
        object('good', 'SUMMARY:Standup', `DTSTART:${day}T080000Z`, 'DURATION:PT15M'),
        'bob',
      );
      await own.put(cal, 'date.ics', object('date', 'SUMMARY:Holiday', `DTSTART;VALUE=DATE:${day}T000000`), 'bob');
      await own.put(cal, 'zone.ics', object('zone', 'SUMMARY:Rover check', `DTSTART;TZID=Mars:${day}T120000`), 'bob');
      await own.put(
        cal,
        'ticker.ics',
        object('ticker', 'SUMMARY:Ticker', 'DTSTART:20200101T000000Z', 'RRULE:FREQ=SECONDLY'),
        'bob',
      );

      h = await createHarness({ env: LOCAL_CALENDARS });
      const c = await createUserAndSignIn(h, 'bob');
      await setUserTimeZone(h.ctx.db, await userIdOf(h, c.username), ZONE);
      const res = await c.request({
        method: 'POST',
        url: '/api/calendar/caldav',
        payload: { url: `${own.url}/`, username: 'bob', password: 'bob-app-password' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const issues = {
        skipped: 1,
        first_reason: '“Ticker”: it repeats too often to be read',
        unknown_zones: ['Mars'],
      };
      expect(res.json().read_issues).toEqual(issues);
      const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
      const events = await range(c, date, date);
      expect(events.map((e) => [e.summary, e.start.date ?? wallClock(e.start.dateTime as string, ZONE)])).toEqual([
        ['Holiday', date],
        ['Standup', wallClock(`${date}T08:00:00Z`, ZONE)],
        // A zone nobody knows is read in the user's zone.
        ['Rover check', '12:00'],
      ]);
      const conns = (await c.request({ method: 'GET', url: '/api/calendar/connections' })).json();
      expect(conns.connections[0]).toMatchObject({ status: 'connected', last_error: null, read_issues: issues });
    } finally {
      await own.stop();
    }
  });
});
