import { type DAVCalendar, fetchCalendarObjects } from 'tsdav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingWeek } from '#common/api/training.js';
import { addDays, mondayOf, todayIn } from '#common/time.js';
import {
  type Client,
  createHarness,
  createUserAndSignIn,
  type Harness,
  LOCAL_CALENDARS,
  signIn,
  userIdOf,
} from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { connectCaldav, type Radicale, startRadicale } from '../../test/radicale.js';
import { setUserTimeZone } from '../../time/userZone.js';

/**
 * The training week end to end against a real Radicale: sessions placed around the user's
 * meetings and held as timed events; a meeting added over a session moves it (and only it) on
 * the next refresh; a session the user moved in their calendar stays where they put it; skipping
 * removes its event. Next week is used throughout, so the whole week is ahead whatever today is.
 */
const ZONE = 'Europe/Paris';
const PASSWORD = 'training-week-password';
const USERS = ['w1', 'w2', 'w3', 'w4'];
let radicale: Radicale;
let harnesses: Harness[] = [];
const monday = addDays(mondayOf(todayIn(ZONE)), 7);
const day = (n: number) => addDays(monday, n);

beforeAll(async () => {
  radicale = await startRadicale(Object.fromEntries(USERS.map((u) => [u, PASSWORD])));
});
afterAll(async () => {
  await radicale?.stop();
});
afterEach(async () => {
  for (const h of harnesses.reverse()) await h.close();
  harnesses = [];
});

async function instance(shareWith?: Harness) {
  const h = await createHarness({ shareWith, env: LOCAL_CALENDARS });
  harnesses.push(h);
  return h;
}

const RULE = {
  enabled: true,
  sessions_per_week: 3,
  min_minutes: 30,
  preferred_minutes: 45,
  days: [1, 2, 3, 4, 5, 6, 7],
  windows: [
    { start: '12:00', end: '14:00' },
    { start: '17:30', end: '20:00' },
  ],
  buffer_minutes: 10,
  write_to_calendar: true,
};

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
function toUtc(date: string, time: string) {
  const probe = new Date(`${date}T${time}:00Z`);
  const paris = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(probe);
  const [h, m] = paris.split(':').map(Number) as [number, number];
  const offset = (h * 60 + m - (probe.getUTCHours() * 60 + probe.getUTCMinutes()) + 1440) % 1440;
  const utc = new Date(probe.getTime() - (offset > 720 ? offset - 1440 : offset) * 60_000);
  return utc
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const auth = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}` });

async function caldavUser(h: Harness, user: string) {
  const calendarUrl = await radicale.makeCalendar(user, 'work', { displayName: 'Work' });
  const c = await createUserAndSignIn(h, user);
  await setUserTimeZone(h.ctx.db, await userIdOf(h, user), ZONE);
  await connectCaldav(c, radicale, user);
  const objects = () => fetchCalendarObjects({ calendar: { url: calendarUrl } as DAVCalendar, headers: auth(user) });
  return { c, calendarUrl, objects };
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
    const { c, objects } = await caldavUser(h, 'w2');
    await refresh(c);
    await c.request({ method: 'PUT', url: '/api/training/rule', payload: RULE });
    const first = await week(c);
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
      headers: { ...auth('w2'), 'content-type': 'text/calendar' },
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

  it('answers a move to another day and refuses one into the past, out of the week or onto a day taken', async () => {
    const h = await instance();
    const { c, objects } = await caldavUser(h, 'w3');
    await refresh(c);
    await c.request({ method: 'PUT', url: '/api/training/rule', payload: RULE });
    const first = await week(c);
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
    const plan = async (date: string) => {
      const res = await c.request({ method: 'GET', url: `/api/workout/stream?date=${date}` });
      const completed = res.body.split('\n\n').find((e) => e.startsWith('event: completed'));
      const data = JSON.parse(String(completed?.split('\ndata: ')[1])) as { plan: string };
      return JSON.parse(data.plan) as {
        estimated_duration: number;
        notes: string;
        workout_sections: Array<{ section_name: string; duration: number }>;
      };
    };
    const lunch = await plan(first.date);
    const evening = await plan(second.date);
    const total = (p: typeof lunch) => p.workout_sections.reduce((sum, s) => sum + s.duration, 0);
    expect(lunch.estimated_duration).toBe(25);
    expect(total(lunch)).toBe(25);
    expect(evening.estimated_duration).toBe(60);
    expect(total(evening)).toBe(60);
    const warm = (p: typeof lunch) => p.workout_sections[0]?.duration ?? 0;
    expect(warm(lunch)).toBeLessThan(warm(evening));
    expect(lunch.notes).toContain('Sized to fit your 25-minute session at 12:30.');
    expect(evening.notes).toContain('Sized to fit your 60-minute session at 18:00.');
  });
});
