import { type DAVCalendar, fetchCalendarObjects } from 'tsdav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRAINING_RULE, type TrainingWeek } from '#common/api/training.js';
import { addDays, mondayOf, todayIn } from '#common/time.js';
import { clockMinutes, localInstant } from '#common/trainingWeek.js';
import { startFakeGoogle } from '../../test/fakeGoogle.js';
import {
  type Client,
  createHarness,
  createUserAndSignIn,
  type Harness,
  instancePool,
  LOCAL_CALENDARS,
  signIn,
  userIdOf,
} from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { connectCaldav, type Radicale, startRadicale } from '../../test/radicale.js';
import { setUserTimeZone } from '../../time/userZone.js';
import { putSession } from './repo.js';

/**
 * The training week end to end against a real Radicale: sessions placed around the user's
 * meetings and held as timed events; a meeting added over a session moves it (and only it) on
 * the next refresh; a session the user moved in their calendar stays where they put it; skipping
 * removes its event. Next week is used throughout, so the whole week is ahead whatever today is.
 */
const ZONE = 'Europe/Paris';
const PASSWORD = 'training-week-password';
const USERS = ['w1', 'w2', 'w3', 'w4', 'w5'];
let radicale: Radicale;
const pool = instancePool(() => LOCAL_CALENDARS);
const monday = addDays(mondayOf(todayIn(ZONE)), 7);
const day = (n: number) => addDays(monday, n);

beforeAll(async () => {
  radicale = await startRadicale(Object.fromEntries(USERS.map((u) => [u, PASSWORD])));
});
afterAll(async () => {
  await radicale?.stop();
});
afterEach(async () => {
  await pool.closeAll();
});

/** An app instance; `shareWith`: another instance on the same database. */
const instance = pool.instance;

/** Three sessions, 30–45 minutes, lunch or evening (the defaults' days and windows). */
const RULE = { ...DEFAULT_TRAINING_RULE, enabled: true, min_minutes: 30, preferred_minutes: 45 };

/** A timed meeting in Paris time (no VTIMEZONE: Radicale keeps the TZID as given, ical.js reads it as IANA). */
const meeting = (uid: string, date: string, from: string, to: string, summary: string, extra = '') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Training//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${toUtc(date, from)}`,
    `DTEND:${toUtc(date, to)}`,
    `SUMMARY:${summary}`,
    ...(extra ? [extra] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** A Paris wall-clock time as an iCalendar UTC date-time. */
const toUtc = (date: string, time: string) =>
  new Date(localInstant(date, clockMinutes(time) ?? Number.NaN, ZONE))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

async function caldavUser(h: Harness, user: string) {
  const calendarUrl = await radicale.makeCalendar(user, 'work', { displayName: 'Work' });
  const c = await createUserAndSignIn(h, user);
  await setUserTimeZone(h.ctx.db, await userIdOf(h, user), ZONE);
  await connectCaldav(c, radicale, user);
  const objects = () =>
    fetchCalendarObjects({ calendar: { url: calendarUrl } as DAVCalendar, headers: radicale.auth(user) });
  return { c, calendarUrl, objects };
}

/** A CalDAV user whose calendar is read, with the rule on (this week and next planned). */
async function plannedUser(h: Harness, user: string) {
  const u = await caldavUser(h, user);
  await refresh(u.c);
  const saved = await u.c.request({ method: 'PUT', url: '/api/training/rule', payload: RULE });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...u, first: await week(u.c) };
}

/** Generates the plan of a date through the stream, as the Workout screen does; the plan as stored. */
async function generatePlan(c: Client, date: string) {
  const res = await c.request({ method: 'GET', url: `/api/workout/stream?date=${date}` });
  const completed = res.body.split('\n\n').find((e) => e.startsWith('event: completed'));
  const data = JSON.parse(String(completed?.split('\ndata: ')[1])) as { plan: string };
  return JSON.parse(data.plan) as {
    title: string;
    estimated_duration: number;
    notes: string;
    workout_sections: Array<{ section_name: string; duration: number }>;
  };
}

async function week(c: Client): Promise<TrainingWeek> {
  const res = await c.request({ method: 'GET', url: `/api/training/week?date=${monday}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const refresh = async (c: Client) => {
  const res = await c.request({
    method: 'GET',
    url: `/api/calendar/events/range?startDate=${monday}&endDate=${day(6)}&refresh=true`,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const shown = (w: TrainingWeek) =>
  w.sessions.map((s) => `${s.index} ${s.date} ${s.start_time}-${s.end_time} ${s.status}`);
/** The session events of next week in the calendar (saving the rule also plans this week). */
const sessionObjects = async (objects: () => Promise<Array<{ url: string; data?: string }>>) =>
  (await objects()).filter(
    (o) =>
      String(o.data).includes('SUMMARY:Workout:') &&
      Array.from({ length: 7 }, (_, i) => day(i).replace(/-/g, '')).some((d) =>
        new RegExp(`DTSTART:${d}T`).test(String(o.data)),
      ),
  );

describe('training rule', () => {
  it('starts off with defaults from the workout settings, and refuses a rule that cannot work', async () => {
    const h = await instance();
    const c = await createUserAndSignIn(h, 'rules');
    const got = (await c.request({ method: 'GET', url: '/api/training/rule' })).json();
    expect(got.rule).toMatchObject({ enabled: false, sessions_per_week: 3, preferred_minutes: 30, buffer_minutes: 10 });
    for (const bad of [
      { ...RULE, min_minutes: 60, preferred_minutes: 45 },
      { ...RULE, windows: [{ start: '14:00', end: '12:00' }] },
      { ...RULE, windows: [{ start: '25:00', end: '26:00' }] },
      { ...RULE, days: [] },
      { ...RULE, sessions_per_week: 8 },
      { ...RULE, preferred_minutes: 10_000 },
    ]) {
      const res = await c.request({ method: 'PUT', url: '/api/training/rule', payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await c.request({ method: 'GET', url: '/api/training/rule' })).json().rule.enabled).toBe(false);
    for (const date of ['2026-02-30', '9999-99-99', 'monday']) {
      expect((await c.request({ method: 'GET', url: `/api/training/week?date=${date}` })).statusCode).toBe(400);
    }
  });

  it('lets only the owner move or skip a session', async () => {
    const h = await instance();
    await expectOnlyOwnerCanReach(h, {
      async create(owner) {
        await owner.request({ method: 'PUT', url: '/api/training/rule', payload: RULE });
        const w = (await owner.request({ method: 'GET', url: `/api/training/week?date=${monday}` })).json();
        return w.sessions[0].id as number;
      },
      requests: (id) => [
        { method: 'POST', url: `/api/training/sessions/${id}/skip` },
        { method: 'POST', url: `/api/training/sessions/${id}/move`, payload: { date: day(1), start_time: '18:00' } },
      ],
      async stillThere(owner, id) {
        const w = (await owner.request({ method: 'GET', url: `/api/training/week?date=${monday}` })).json();
        expect(w.sessions.find((s: { id: number }) => s.id === id)).toMatchObject({
          status: 'planned',
          placed_by: 'planner',
        });
      },
    });
  });
});

describe('training week in a real CalDAV calendar', () => {
  it('places sessions around meetings as timed events, and moves only the one a new meeting covers', async () => {
    const h = await instance();
    const { c, calendarUrl, objects } = await caldavUser(h, 'w1');
    await radicale.put(calendarUrl, 'sync.ics', meeting('sync', day(0), '12:00', '13:00', 'Team sync'), 'w1');
    // A free (transparent) event and a declined-style all-day holiday do not hold time.
    await radicale.put(
      calendarUrl,
      'focus.ics',
      meeting('focus', day(2), '12:00', '14:00', 'Focus time', 'TRANSP:TRANSPARENT'),
      'w1',
    );
    await refresh(c);
    const saved = await c.request({ method: 'PUT', url: '/api/training/rule', payload: RULE });
    expect(saved.statusCode, h.logs.join('').slice(-3000)).toBe(200);

    const first = await week(c);
    expect(shown(first)).toEqual([
      `1 ${day(0)} 13:10-13:55 planned`,
      `2 ${day(2)} 12:00-12:45 planned`,
      `3 ${day(4)} 12:00-12:45 planned`,
    ]);
    expect(first.sessions.every((s) => s.calendar === 'written')).toBe(true);
    const events = await sessionObjects(objects);
    expect(events).toHaveLength(3);
    // Timed (a DTSTART with a time, not VALUE=DATE) and busy.
    for (const e of events) {
      expect(e.data).toMatch(/DTSTART:\d{8}T\d{6}Z/);
      expect(e.data).toContain('TRANSP:OPAQUE');
    }

    // A client call over Wednesday's session: on the next refresh it moves to the evening, alone.
    await radicale.put(calendarUrl, 'client.ics', meeting('client', day(2), '11:30', '14:00', 'Client call'), 'w1');
    await refresh(c);
    const after = await week(c);
    expect(shown(after)).toEqual([
      `1 ${day(0)} 13:10-13:55 planned`,
      `2 ${day(2)} 17:30-18:15 planned`,
      `3 ${day(4)} 12:00-12:45 planned`,
    ]);
    const moved = after.sessions[1];
    expect(moved?.note).toMatch(/^Moved from .* 12:00 to .* 17:30: “Client call” now takes that time\.$/);
    expect(after.sessions[0]?.note).toBeNull();
    expect(after.sessions[2]?.note).toBeNull();
    const again = await sessionObjects(objects);
    expect(again).toHaveLength(3);
    expect(again.filter((e) => e.data?.includes(`DTSTART:${toUtc(day(2), '17:30')}`))).toHaveLength(1);

    // Skipping Friday's session removes its event.
    const friday = after.sessions[2] as { id: number };
    const skipped = await c.request({ method: 'POST', url: `/api/training/sessions/${friday.id}/skip` });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().session).toMatchObject({ status: 'skipped', calendar: 'off' });
    expect(await sessionObjects(objects)).toHaveLength(2);
  });

  it('keeps a session where the user moved it in their calendar, even when the week is planned again', async () => {
    const h = await instance();
    const { c, objects, first } = await plannedUser(h, 'w2');
    expect(first.sessions).toHaveLength(3);
    // The user drags Monday's session to 18:00–18:45 in their calendar app.
    const mine = (await sessionObjects(objects)).find((o) => o.data?.includes(`DTSTART:${toUtc(day(0), '12:00')}`)) as {
      url: string;
      data: string;
    };
    expect(mine).toBeTruthy();
    const draggedIcs = mine.data
      .replace(/DTSTART:\d{8}T\d{6}Z/, `DTSTART:${toUtc(day(0), '18:00')}`)
      .replace(/DTEND:\d{8}T\d{6}Z/, `DTEND:${toUtc(day(0), '18:45')}`);
    const put = await fetch(mine.url, {
      method: 'PUT',
      headers: { ...radicale.auth('w2'), 'content-type': 'text/calendar' },
      body: draggedIcs,
    });
    expect(put.ok).toBe(true);
    await refresh(c);
    const after = await week(c);
    expect(after.sessions[0]).toMatchObject({ start_time: '18:00', end_time: '18:45', placed_by: 'user' });
    expect(after.sessions[0]?.note).toMatch(/^You moved it in your calendar: now .* 18:00–18:45\.$/);
    const replanned = (
      await c.request({ method: 'POST', url: '/api/training/week/plan', payload: { date: monday } })
    ).json();
    expect(replanned.sessions[0]).toMatchObject({ start_time: '18:00', placed_by: 'user' });
    expect(await sessionObjects(objects)).toHaveLength(3);
  });

  it("names the day's plan in its session's event, and writes no all-day workout beside it", async () => {
    const h = await instance();
    const { c, objects, first: planned } = await plannedUser(h, 'w5');
    const first = planned.sessions[0] as { date: string };
    const { title } = await generatePlan(c, first.date);
    const all = await objects();
    const ofDay = all.filter((o) => String(o.data).includes(first.date.replace(/-/g, '')));
    expect(ofDay).toHaveLength(1);
    expect(ofDay[0]?.data).toContain(`SUMMARY:Workout: ${title}`);
    expect(ofDay[0]?.data).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });

  it('answers a move to another day and refuses one into the past, out of the week or onto a day taken', async () => {
    const h = await instance();
    const { c, objects, first } = await plannedUser(h, 'w3');
    const id = first.sessions[0]?.id as number;
    const move = (payload: object) => c.request({ method: 'POST', url: `/api/training/sessions/${id}/move`, payload });
    expect((await move({ date: addDays(monday, -8), start_time: '12:00' })).statusCode).toBe(400);
    expect((await move({ date: day(9), start_time: '12:00' })).statusCode).toBe(400);
    expect((await move({ date: day(2), start_time: '18:00' })).json()).toEqual({
      error: 'That day already has a session.',
    });
    expect((await move({ date: day(1), start_time: '2026-02-30' })).statusCode).toBe(400);
    const ok = await move({ date: day(1), start_time: '07:15', minutes: 25 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().session).toMatchObject({
      date: day(1),
      start_time: '07:15',
      end_time: '07:40',
      placed_by: 'user',
    });
    const events = await sessionObjects(objects);
    expect(events).toHaveLength(3);
    expect(events.filter((e) => e.data?.includes(`DTSTART:${toUtc(day(1), '07:15')}`))).toHaveLength(1);
  });
});

describe('training week in Google Calendar', () => {
  it('holds the sessions there and moves the one a new meeting covers, on the incremental (syncToken) refresh', async () => {
    const google = await startFakeGoogle({ email: 'gina@example.com' });
    try {
      const h = pool.track(await createHarness({ env: { ...google.env, ...LOCAL_CALENDARS } }));
      const c = await createUserAndSignIn(h, 'gina');
      await setUserTimeZone(h.ctx.db, await userIdOf(h, 'gina'), ZONE);
      const url = await c.request({ method: 'GET', url: '/api/calendar/auth-url?baseUrl=http://localhost:5173' });
      const consent = await google.consent(url.json().authUrl);
      const cb = await c.request({
        method: 'GET',
        url: `/api/calendar/oauth-callback?code=${encodeURIComponent(consent.code ?? '')}&state=${encodeURIComponent(consent.state ?? '')}`,
      });
      expect(cb.json()).toMatchObject({ success: true });
      await refresh(c);
      await c.request({ method: 'PUT', url: '/api/training/rule', payload: RULE });
      const first = await week(c);
      expect(shown(first)).toEqual([
        `1 ${day(0)} 12:00-12:45 planned`,
        `2 ${day(2)} 12:00-12:45 planned`,
        `3 ${day(4)} 12:00-12:45 planned`,
      ]);
      const held = () =>
        google
          .events('gina@example.com')
          .filter(
            (e) =>
              e.status !== 'cancelled' && e.summary?.startsWith('Workout:') && e.start.dateTime?.startsWith(day(2)),
          );
      expect(held()).toHaveLength(1);
      const at = (time: string) => {
        const t = toUtc(day(2), time);
        return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:00Z`;
      };
      google.addEvent('gina@example.com', {
        summary: 'Board meeting',
        start: { dateTime: at('11:00'), timeZone: ZONE },
        end: { dateTime: at('14:30'), timeZone: ZONE },
      });
      const before = google.requests.length;
      await refresh(c);
      const reads = google.requests.slice(before).filter((r) => r.method === 'GET' && r.path.endsWith('/events'));
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((r) => r.query.get('syncToken'))).toBe(true);
      const after = await week(c);
      expect(shown(after)[1]).toBe(`2 ${day(2)} 17:30-18:15 planned`);
      expect(after.sessions[1]?.note).toContain('“Board meeting” now takes that time');
      expect(shown(after)[0]).toBe(shown(first)[0]);
      expect(held()).toHaveLength(1);
      expect(new Date(held()[0]?.start.dateTime as string).toISOString()).toBe(new Date(at('17:30')).toISOString());
    } finally {
      await google.stop();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  it('plan the week once: one set of sessions and one event each, whoever asks first', async () => {
    const a = await instance();
    const b = await instance(a);
    const { c, objects } = await caldavUser(a, 'w4');
    const other = await signIn(b, 'w4');
    await refresh(c);
    // The rule is stored without planning (as a user who saved it before this version would have it).
    await a.ctx.db
      .insertInto('training_rules')
      .values({ user_id: await userIdOf(a, 'w4'), rule: JSON.stringify(RULE), updated_at: new Date().toISOString() })
      .execute();
    const answers = await Promise.all([week(c), week(other), week(c), week(other)]);
    const ids = new Set(answers.flatMap((w) => w.sessions.map((s) => s.id)));
    const final = await week(c);
    expect(final.sessions).toHaveLength(3);
    expect(ids.size).toBeLessThanOrEqual(3);
    expect(await sessionObjects(objects)).toHaveLength(3);
  });
});

describe('the workout of a session day', () => {
  it('is sized to the session: a 25-minute lunch slot and a 60-minute evening differ, warm-up and cool-down scaled', async () => {
    const h = await instance();
    const c = await createUserAndSignIn(h, 'sized');
    await setUserTimeZone(h.ctx.db, await userIdOf(h, 'sized'), ZONE);
    await c.request({ method: 'PUT', url: '/api/training/rule', payload: RULE });
    const w = await week(c);
    const [first, second] = w.sessions as unknown as [{ id: number; date: string }, { id: number; date: string }];
    const move = (id: number, start_time: string, minutes: number, date: string) =>
      c.request({ method: 'POST', url: `/api/training/sessions/${id}/move`, payload: { date, start_time, minutes } });
    expect((await move(first.id, '12:30', 25, first.date)).statusCode).toBe(200);
    expect((await move(second.id, '18:00', 60, second.date)).statusCode).toBe(200);
    const lunch = await generatePlan(c, first.date);
    const evening = await generatePlan(c, second.date);
    const total = (p: typeof lunch) => p.workout_sections.reduce((sum, s) => sum + s.duration, 0);
    expect(lunch.estimated_duration).toBe(25);
    expect(total(lunch)).toBe(25);
    expect(evening.estimated_duration).toBe(60);
    expect(total(evening)).toBe(60);
    const warm = (p: typeof lunch) => p.workout_sections[0]?.duration ?? 0;
    expect(warm(lunch)).toBeLessThan(warm(evening));
    expect(lunch.notes).toContain('Sized to fit your 25-minute session at 12:30.');
    expect(evening.notes).toContain('Sized to fit your 60-minute session at 18:00.');

    // The evening session shrinks to 30 minutes: its day's plan is made again to fit it.
    expect((await move(second.id, '18:00', 30, second.date)).statusCode).toBe(200);
    const current = (await c.request({ method: 'GET', url: '/api/workout/next' })).json();
    const plans = (await c.request({ method: 'GET', url: '/api/workout?limit=10' })).json().plans as Array<{
      date: string;
      estimated_duration: number;
      replaced: boolean;
    }>;
    expect(plans.find((p) => p.date === second.date && !p.replaced)?.estimated_duration).toBe(30);
    expect(current.plan).not.toBeNull();
  });
});

describe('stats', () => {
  it('count the sessions held and done per week; released ones are not counted', async () => {
    const h = await instance();
    const c = await createUserAndSignIn(h, 'counted');
    const userId = await userIdOf(h, 'counted');
    await setUserTimeZone(h.ctx.db, userId, ZONE);
    // Three sessions of last week: one done (its day has a log), one skipped, one released.
    const lastMonday = addDays(mondayOf(todayIn(ZONE)), -7);
    const put = (idx: number, date: string, status: string) =>
      putSession(h.ctx.db, userId, lastMonday, idx, {
        date,
        start_at: `${date}T11:00:00.000Z`,
        end_at: `${date}T11:45:00.000Z`,
        minutes: 45,
        status,
        placed_by: 'planner',
        calendar: 'off',
        note: null,
        changed_at: null,
      });
    await put(1, addDays(lastMonday, 1), 'planned');
    await put(2, addDays(lastMonday, 3), 'skipped');
    await put(3, addDays(lastMonday, 5), 'released');
    const log = await c.request({
      method: 'POST',
      url: '/api/workout-log',
      payload: { date: addDays(lastMonday, 1), entry: 'Tempo run', workout_skipped: false },
    });
    expect(log.statusCode, log.body).toBe(200);
    const stats = (await c.request({ method: 'GET', url: '/api/stats?range=4w' })).json();
    const total = (key: string) => stats.weeks.reduce((n: number, w: Record<string, number>) => n + (w[key] ?? 0), 0);
    expect(total('sessionsPlanned')).toBe(2);
    expect(total('sessionsDone')).toBe(1);
  });
});
