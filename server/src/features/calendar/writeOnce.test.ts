import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { type DAVCalendar, type DAVCalendarObject, fetchCalendarObjects } from 'tsdav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../test/fakeGoogle.js';
import {
  type Client,
  createUserAndSignIn,
  type Harness,
  instancePool,
  LOCAL_CALENDARS,
  signIn,
  userIdOf,
} from '../../test/harness.js';
import { connectCaldav, type Radicale, startRadicale } from '../../test/radicale.js';
import { savePlan } from '../workout/plansRepo.js';
import { parseSse, type SseEvent } from '../workout/testing.js';

/**
 * Every calendar write lands exactly once: a sync that races the generation's own write, syncs
 * sent together, and the same calendar written again after the event was changed or deleted on
 * the server. CalDAV against a real Radicale, one Radicale user (and calendar) per test.
 */
const PASSWORD = 'write-once-app-password';
const USERS = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8'];
const PRIMARY = 'alice@example.com';
let radicale: Radicale;
let google: FakeGoogle;
const pool = instancePool(() => ({ ...google.env, ...LOCAL_CALENDARS }));

beforeAll(async () => {
  radicale = await startRadicale(Object.fromEntries(USERS.map((u) => [u, PASSWORD])));
  google = await startFakeGoogle({ email: PRIMARY });
});
afterAll(async () => {
  await radicale?.stop();
  await google?.stop();
});
afterEach(async () => {
  await pool.closeAll();
});

/** An app instance; `shareWith`: another instance on the same database. */
const instance = pool.instance;

/** A Daymark user connected to the Radicale user of the same name, who has one calendar. */
async function connectedUser(h: Harness, user: string) {
  const calendarUrl = await radicale.makeCalendar(user, 'personal', { displayName: 'Personal' });
  const c = await createUserAndSignIn(h, user);
  await connectCaldav(c, radicale, user);
  const objects = async (): Promise<DAVCalendarObject[]> =>
    fetchCalendarObjects({ calendar: { url: calendarUrl } as DAVCalendar, headers: radicale.auth(user) });
  return { c, calendarUrl, objects };
}

/**
 * Generates the plan of `date` reading the stream as it arrives; `onCompleted` runs the moment
 * the completed event is read, while the stream is still open.
 */
async function generateThen<T>(c: Client, date: string, onCompleted: (plan: { id: number; plan: string }) => T) {
  const res = await c.request({ method: 'GET', url: `/api/workout/stream?date=${date}`, payloadAsStream: true });
  expect(res.statusCode).toBe(200);
  let text = '';
  let after: T | undefined;
  for await (const chunk of res.stream()) {
    text += String(chunk);
    if (after === undefined) {
      const done = parseSse(text.slice(0, text.lastIndexOf('\n\n') + 2)).find((e) => e.event === 'completed');
      if (done) after = onCompleted(done.data);
    }
  }
  const events: SseEvent[] = parseSse(text);
  return { events, after };
}

const sync = (c: Client, planId: number) => c.request({ method: 'POST', url: `/api/calendar/sync-workout/${planId}` });

/** A Daymark user connected to the local Google through its consent page. */
async function googleUser(h: Harness, name: string) {
  const c = await createUserAndSignIn(h, name);
  const url = await c.request({ method: 'GET', url: '/api/calendar/auth-url?baseUrl=http://localhost:5173' });
  const consent = await google.consent(url.json().authUrl);
  const res = await c.request({
    method: 'GET',
    url: `/api/calendar/oauth-callback?code=${encodeURIComponent(consent.code ?? '')}&state=${encodeURIComponent(consent.state ?? '')}`,
  });
  expect(res.json()).toMatchObject({ success: true });
  return c;
}

/** A plan stored for `date` without going through the generation (which would write it too). */
async function storedPlan(h: Harness, c: Client, date: string, title: string) {
  const plan = { title, description: 'Planned for the test', estimated_duration: 20, workout_sections: [] };
  const { row } = await savePlan(h.ctx.db, await userIdOf(h, c.username), {
    date,
    plan: JSON.stringify(plan),
    plan_uuid: `plan-${date}`,
    focus: null,
    intensity: null,
    source: 'planner',
  });
  return row.id;
}

const writtenRows = (h: Harness) => h.ctx.db.selectFrom('calendar_written_events').selectAll().execute();

/** An all-day event as a calendar app would store it. */
const icsOf = (uid: string, date: string, summary: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Daymark test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${date.replaceAll('-', '')}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('a workout written to a CalDAV calendar', () => {
  it('a sync sent as soon as the generation completes meets the event the generation wrote', async () => {
    const h = await instance();
    const { c, objects } = await connectedUser(h, 'u1');
    const date = '2026-06-01';
    const { events, after } = await generateThen(c, date, (plan) => ({ plan, reply: sync(c, plan.id) }));
    expect(events.at(-1)?.event).toBe('completed');
    const reply = (await after?.reply) as LightMyRequestResponse;
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, updated: true });
    const title = JSON.parse(after?.plan.plan as string).title as string;
    const stored = await objects();
    expect(stored).toHaveLength(1);
    expect(String(stored[0]?.data)).toContain(`SUMMARY:Workout: ${title}`);
    expect(String(stored[0]?.data)).toContain('DTSTART;VALUE=DATE:20260601');

    // Generated again with another focus: the same event now holds the new plan.
    const again = await generateThen(c, date, (plan) => ({ plan, reply: sync(c, plan.id) }));
    expect((await again.after?.reply)?.statusCode).toBe(200);
    const newTitle = JSON.parse(again.after?.plan.plan as string).title as string;
    const restored = await objects();
    expect(restored).toHaveLength(1);
    expect(restored[0]?.url).toBe(stored[0]?.url);
    expect(String(restored[0]?.data)).toContain(`SUMMARY:Workout: ${newTitle}`);
  });

  it('says so before completing when the plan could not be written, and keeps the plan', async () => {
    const h = await instance();
    const { c, calendarUrl } = await connectedUser(h, 'u8');
    // The calendar is deleted on the server: the write is refused.
    const gone = await fetch(calendarUrl, { method: 'DELETE', headers: radicale.auth('u8') });
    expect(gone.ok).toBe(true);
    const { events } = await generateThen(c, '2026-06-09', () => null);
    const names = events.map((e) => e.event);
    expect(names.slice(-2)).toEqual(['warning', 'completed']);
    expect(events.at(-2)?.data).toMatchObject({
      message: 'Your plan is saved, but it could not be added to your calendar.',
      details: expect.stringMatching(/CalDAV server refused/),
    });
    const completed = events.at(-1)?.data as { id: number; date: string };
    expect(completed.date).toBe('2026-06-09');
    const saved = await c.request({ method: 'GET', url: `/api/workout/${completed.id}` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ plan: { id: completed.id, date: '2026-06-09' } });
  });

  it('five syncs sent together write one event', async () => {
    const h = await instance();
    const { c, objects } = await connectedUser(h, 'u2');
    const id = await storedPlan(h, c, '2026-06-02', 'Legs');
    const replies = await Promise.all(Array.from({ length: 5 }, () => sync(c, id)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    // One of them created the event, the others updated it.
    expect(replies.filter((r) => !r.json().updated)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.json().event_id)).size).toBe(1);
    const stored = await objects();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.url).toBe(replies[0]?.json().event_id);
    expect(String(stored[0]?.data)).toContain('SUMMARY:Workout: Legs');
    expect(await writtenRows(h)).toEqual([
      expect.objectContaining({ state: 'written', remote_event_id: stored[0]?.url, lease_token: null }),
    ]);
  });

  it('writes an event deleted on the server again, and overwrites one changed there', async () => {
    const h = await instance();
    const { c, calendarUrl, objects } = await connectedUser(h, 'u4');
    const id = await storedPlan(h, c, '2026-06-04', 'Core');
    const first = await sync(c, id);
    expect(first.json()).toMatchObject({ updated: false });
    const url = first.json().event_id as string;
    expect(url.startsWith(calendarUrl)).toBe(true);
    expect(url.slice(calendarUrl.length)).toMatch(/^daymark-[0-9a-f]{32}\.ics$/);

    const gone = await fetch(url, { method: 'DELETE', headers: radicale.auth('u4') });
    expect(gone.ok).toBe(true);
    expect(await objects()).toHaveLength(0);
    const again = await sync(c, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().event_id).toBe(url);
    const back = await objects();
    expect(back.map((o) => o.url)).toEqual([url]);
    expect(String(back[0]?.data)).toContain('SUMMARY:Workout: Core');

    // Someone edits the event in their calendar app: the next sync puts the plan back.
    const edited = String(back[0]?.data).replace('SUMMARY:Workout: Core', 'SUMMARY:Moved to tomorrow');
    await radicale.put(calendarUrl, url.slice(calendarUrl.length), edited, 'u4');
    expect(String((await objects())[0]?.data)).toContain('Moved to tomorrow');
    const third = await sync(c, id);
    expect(third.json()).toMatchObject({ updated: true, event_id: url });
    const now = await objects();
    expect(now).toHaveLength(1);
    expect(String(now[0]?.data)).toContain('SUMMARY:Workout: Core');
    expect(String(now[0]?.data)).not.toContain('Moved to tomorrow');
  });

  it('updates the event already there when its row is gone, and keeps the ids of events written before', async () => {
    const h = await instance();
    const { c, calendarUrl, objects } = await connectedUser(h, 'u5');
    const id = await storedPlan(h, c, '2026-06-05', 'Upper body');
    const url = (await sync(c, id)).json().event_id as string;
    // Connecting again forgets what was written; the item's own id finds its event all the same.
    await connectCaldav(c, radicale, 'u5');
    expect(await writtenRows(h)).toEqual([]);
    const after = await sync(c, id);
    expect(after.json()).toMatchObject({ event_id: url, updated: true });
    expect((await objects()).map((o) => o.url)).toEqual([url]);

    // A workout written before events were named by their item: a random file name, kept.
    const old = `${calendarUrl}daymark-${randomUUID()}.ics`;
    const oldUid = old.slice(calendarUrl.length, -'.ics'.length);
    await radicale.put(calendarUrl, `${oldUid}.ics`, icsOf(oldUid, '2026-06-06', 'Workout: Old'), 'u5');
    const userId = await userIdOf(h, 'u5');
    const calendar = await h.ctx.db.selectFrom('calendar_calendars').select('id').executeTakeFirstOrThrow();
    await h.ctx.db
      .insertInto('calendar_written_events')
      .values({
        user_id: userId,
        kind: 'workout',
        item_key: '2026-06-06',
        calendar_row_id: calendar.id,
        remote_event_id: old,
        etag: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
    const oldPlan = await storedPlan(h, c, '2026-06-06', 'Renewed');
    expect((await sync(c, oldPlan)).json()).toMatchObject({ event_id: old, updated: true });
    const all = await objects();
    expect(all.map((o) => o.url).sort()).toEqual([old, url].sort());
    expect(String(all.find((o) => o.url === old)?.data)).toContain('SUMMARY:Workout: Renewed');
  });

  it('waits while another instance holds the item, and takes over a lease that ran out', async () => {
    const h = await instance();
    const { c, objects } = await connectedUser(h, 'u6');
    const id = await storedPlan(h, c, '2026-06-07', 'Stretch');
    const url = (await sync(c, id)).json().event_id as string;
    const hold = (until: Date) =>
      h.ctx.db
        .updateTable('calendar_written_events')
        .set({ lease_token: 'another-instance', lease_until: until.toISOString() })
        .execute();

    await hold(new Date(Date.now() + 60_000));
    let done = false;
    const waiting = sync(c, id).then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(done).toBe(false);
    await h.ctx.db.updateTable('calendar_written_events').set({ lease_token: null, lease_until: null }).execute();
    expect((await waiting).json()).toMatchObject({ event_id: url, updated: true });

    // An instance that stopped mid-write leaves its lease behind; once it has run out, it is taken.
    await hold(new Date(Date.now() - 1000));
    expect((await sync(c, id)).json()).toMatchObject({ event_id: url, updated: true });
    expect(await objects()).toHaveLength(1);
    expect(await writtenRows(h)).toEqual([expect.objectContaining({ lease_token: null, lease_until: null })]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('three app instances on one PostgreSQL database', () => {
  it('each syncing the same plan at once write one event', async () => {
    const first = await instance();
    const { c, objects } = await connectedUser(first, 'u3');
    const others = [await instance(first), await instance(first)];
    const clients = [c, ...(await Promise.all(others.map((h) => signIn(h, 'u3'))))];
    const id = await storedPlan(first, c, '2026-06-03', 'Full body');
    const replies = await Promise.all(clients.flatMap((client) => [sync(client, id), sync(client, id)]));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(replies.filter((r) => !r.json().updated)).toHaveLength(1);
    const stored = await objects();
    expect(stored).toHaveLength(1);
    expect(String(stored[0]?.data)).toContain('SUMMARY:Workout: Full body');
  });
});

describe('a workout written to Google Calendar', () => {
  const onDate = (date: string) => google.events(PRIMARY).filter((e) => e.start.date === date);

  it('five syncs sent together write one event, under the item’s own id', async () => {
    const h = await instance();
    const c = await googleUser(h, 'greta');
    const date = '2026-07-01';
    const id = await storedPlan(h, c, date, 'Intervals');
    const replies = await Promise.all(Array.from({ length: 5 }, () => sync(c, id)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(replies.filter((r) => !r.json().updated)).toHaveLength(1);
    const events = onDate(date);
    expect(events).toEqual([expect.objectContaining({ status: 'confirmed', summary: 'Workout: Intervals' })]);
    expect(events[0]?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(replies.map((r) => r.json().event_id)).toEqual(Array(5).fill(events[0]?.id));
  });

  it('is restored when it was deleted at Google, written again when Google dropped it, and overwritten when changed', async () => {
    const h = await instance();
    const c = await googleUser(h, 'gina');
    const date = '2026-07-02';
    const id = await storedPlan(h, c, date, 'Mobility');
    const first = await sync(c, id);
    expect(first.statusCode, first.body).toBe(200);
    const eventId = first.json().event_id as string;

    google.cancelEvent(PRIMARY, eventId);
    const again = await sync(c, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().event_id).toBe(eventId);
    expect(onDate(date)).toEqual([
      expect.objectContaining({ id: eventId, status: 'confirmed', summary: 'Workout: Mobility' }),
    ]);

    google.purgeEvent(PRIMARY, eventId);
    const third = await sync(c, id);
    expect(third.json()).toMatchObject({ event_id: eventId, updated: false });
    expect(onDate(date)).toEqual([expect.objectContaining({ id: eventId, status: 'confirmed' })]);

    google.updateEvent(PRIMARY, eventId, { summary: 'Moved', description: 'changed at Google' });
    expect((await sync(c, id)).json()).toMatchObject({ event_id: eventId, updated: true });
    expect(onDate(date)).toEqual([
      expect.objectContaining({
        id: eventId,
        summary: 'Workout: Mobility',
        description: expect.stringMatching(/^Planned for the test/),
      }),
    ]);
  });

  it('meets its own event when its row is gone: the insert’s 409 becomes an update, even of a deleted event', async () => {
    const h = await instance();
    const c = await googleUser(h, 'gwen');
    const date = '2026-07-03';
    const id = await storedPlan(h, c, date, 'Yoga');
    const eventId = (await sync(c, id)).json().event_id as string;
    google.cancelEvent(PRIMARY, eventId);
    await h.ctx.db.deleteFrom('calendar_written_events').execute();
    const before = google.requests.length;
    const again = await sync(c, id);
    expect(again.json()).toMatchObject({ event_id: eventId, updated: true });
    const writes = google.requests.slice(before).filter((r) => r.method !== 'GET');
    expect(writes.map((r) => r.method)).toEqual(['POST', 'PUT']);
    expect(onDate(date)).toEqual([expect.objectContaining({ id: eventId, status: 'confirmed' })]);
  });
});
