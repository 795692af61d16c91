import type { LightMyRequestResponse } from 'fastify';
import { type DAVCalendar, type DAVCalendarObject, fetchCalendarObjects } from 'tsdav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../test/fakeGoogle.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { type Radicale, startRadicale } from '../../test/radicale.js';
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
let harnesses: Harness[] = [];

beforeAll(async () => {
  radicale = await startRadicale(Object.fromEntries(USERS.map((u) => [u, PASSWORD])));
  google = await startFakeGoogle({ email: PRIMARY });
});
afterAll(async () => {
  await radicale?.stop();
  await google?.stop();
});
afterEach(async () => {
  for (const h of harnesses.reverse()) await h.close();
  harnesses = [];
});

/** An app instance; `shareWith`: another instance on the same database. */
async function instance(shareWith?: Harness) {
  const h = await createHarness({ shareWith, env: google.env });
  harnesses.push(h);
  return h;
}

const auth = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}` });

/** A Daymark user connected to the Radicale user of the same name, who has one calendar. */
async function connectedUser(h: Harness, user: string) {
  const calendarUrl = await radicale.makeCalendar(user, 'personal', { displayName: 'Personal' });
  const c = await createUserAndSignIn(h, user);
  const res = await c.request({
    method: 'POST',
    url: '/api/calendar/caldav',
    payload: { url: `${radicale.url}/`, username: user, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  const objects = async (): Promise<DAVCalendarObject[]> =>
    fetchCalendarObjects({ calendar: { url: calendarUrl } as DAVCalendar, headers: auth(user) });
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
});

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

describe('a workout written to Google Calendar', () => {
  const onDate = (date: string) => google.events(PRIMARY).filter((e) => e.start.date === date);

  it('is restored when it was deleted at Google', async () => {
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
  });
});
