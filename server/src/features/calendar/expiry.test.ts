import { TZDate } from '@date-fns/tz';
import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_TEXT, type CalendarEvent } from '#common/api/calendar.js';
import { addDays, mondayOf } from '#common/time.js';
import { connectMcp, createKey, listen } from '../../mcp/testing.js';
import { type SeededCalendar, seedRadicale } from '../../test/calendarSeed.js';
import { type FakeGoogle, startFakeGoogle } from '../../test/fakeGoogle.js';
import {
  type Client,
  createHarness,
  createUserAndSignIn,
  type Harness,
  LOCAL_CALENDARS,
  userIdOf,
} from '../../test/harness.js';
import { connectCaldav, type Radicale, startRadicale } from '../../test/radicale.js';
import { setUserTimeZone } from '../../time/userZone.js';
import { buildContext } from '../coach/contextBuilder.js';
import { loadCoachData } from '../coach/sources.js';
import { loadPlanningData, planningContext } from '../weekly/planningData.js';
import { savePlan } from '../workout/plansRepo.js';

/**
 * An expired Google connection beside a working CalDAV one (a real Radicale): each connection's
 * state is its own. The CalDAV events keep being served and refreshed, the expired connection's
 * cached events are left out, and AUTH_EXPIRED is answered only when no usable connection is left
 * (a Google-only user) or when a write's own target is the expired Google calendar.
 */
const ZONE = 'Europe/Paris';
const EMAIL = 'alice@example.com';
const PASSWORD = 'alice-app-password-expiry';
let google: FakeGoogle;
let radicale: Radicale;
let seed: SeededCalendar;
let h: Harness;
/** Google, then CalDAV: Google's calendars come first, so a write went to Google before it expired. */
let alice: Client;
/** Google only. */
let bob: Client;
let today: string;
const mcpClients: McpClient[] = [];
/** The line the coaches and the MCP tools are given for the expired Google connection. */
const NOTICE =
  "Google Calendar: authorization expired; reconnect in Daymark's calendar settings. Its events are not included.";

function local(date: string, time: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, ZONE).getTime()).toISOString();
}

async function connectGoogle(c: Client) {
  const url = (await c.request({ method: 'GET', url: '/api/calendar/auth-url?baseUrl=http://localhost:5173' })).json()
    .authUrl as string;
  const consent = await google.consent(url);
  const res = await c.request({
    method: 'GET',
    url: `/api/calendar/oauth-callback?code=${encodeURIComponent(consent.code ?? '')}&state=${encodeURIComponent(consent.state ?? '')}`,
  });
  expect(res.json(), res.body).toMatchObject({ success: true });
}

async function user(name: string) {
  const c = await createUserAndSignIn(h, name);
  await setUserTimeZone(h.ctx.db, await userIdOf(h, name), ZONE);
  return c;
}

async function plan(c: Client, date: string, uuid: string) {
  const body = {
    title: 'Upper body',
    description: 'Strength',
    estimated_duration: 30,
    workout_sections: [],
  };
  const { row } = await savePlan(h.ctx.db, await userIdOf(h, c.username), {
    date,
    plan: JSON.stringify(body),
    plan_uuid: uuid,
    focus: null,
    intensity: null,
    source: 'planner',
  });
  return row.id;
}

const get = (c: Client, url: string) => c.request({ method: 'GET', url });
const summaries = (events: CalendarEvent[]) => events.map((e) => e.summary);

beforeAll(async () => {
  google = await startFakeGoogle({ email: EMAIL });
  radicale = await startRadicale({ alice: PASSWORD });
  seed = await seedRadicale(radicale, 'alice', { zone: ZONE, email: EMAIL });
  today = seed.today;
  google.addEvent(EMAIL, {
    id: 'board',
    summary: 'Board meeting',
    start: { dateTime: local(today, '10:00') },
    end: { dateTime: local(today, '11:00') },
  });
  h = await createHarness({ env: { ...google.env, ...LOCAL_CALENDARS } });
  alice = await user('alice');
  bob = await user('bob');
  await connectGoogle(alice);
  await connectGoogle(bob);
  await connectCaldav(alice, radicale, 'alice');
  // Before the expiry: both calendars are read, and today's workout goes to Google's primary.
  expect(summaries((await get(alice, '/api/calendar/events')).json())).toContain('Board meeting');
  const first = await alice.request({
    method: 'POST',
    url: `/api/calendar/sync-workout/${await plan(alice, today, 'w-1')}`,
  });
  expect(first.json(), first.body).toMatchObject({ calendar_id: `google:${EMAIL}` });

  // The user removed Daymark's access in their Google account; the refresh button is pressed.
  google.revokeGrants();
  const refresh = await alice.request({ method: 'POST', url: '/api/calendar/refresh' });
  expect(refresh.statusCode, refresh.body).toBe(200);
});
afterAll(async () => {
  for (const m of mcpClients) await m.close();
  await h?.close();
  await radicale?.stop();
  await google?.stop();
});

describe('an expired Google connection beside a working CalDAV one', () => {
  it('is expired on its own: CalDAV stays connected and its refresh went on', async () => {
    const { connections } = (await get(alice, '/api/calendar/connections')).json();
    expect(connections.map((c: { provider: string; status: string }) => [c.provider, c.status])).toEqual([
      ['google', 'expired'],
      ['caldav', 'connected'],
    ]);
    const caldav = connections[1];
    expect(caldav.last_error).toBeNull();
    expect(Date.parse(caldav.last_sync_time)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(alice, '/api/calendar/is-authenticated')).json()).toEqual({ isAuthenticated: true });

    // A second refresh leaves Google alone and still refreshes CalDAV.
    await h.ctx.db
      .updateTable('calendar_connections')
      .set({ last_sync_time: '2020-01-01T00:00:00.000Z' })
      .where('provider', '=', 'caldav')
      .execute();
    const again = await alice.request({ method: 'POST', url: '/api/calendar/refresh' });
    expect(again.statusCode, again.body).toBe(200);
    expect(Date.parse(again.json().last_sync_time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("serves the CalDAV events, not the expired connection's cached ones, in every read", async () => {
    const range = await get(alice, `/api/calendar/events/range?startDate=${today}&endDate=${addDays(today, 1)}`);
    expect(range.statusCode, range.body).toBe(200);
    expect(summaries(range.json())).toEqual(expect.arrayContaining(['Family visit', 'Standup', 'Lunch with Sam']));
    expect(summaries(range.json())).not.toContain('Board meeting');
    expect(range.json().every((e: CalendarEvent) => e.provider === 'caldav')).toBe(true);
    // Forced from the providers, too.
    const forced = await get(alice, `/api/calendar/events/range?startDate=${today}&refresh=true`);
    expect(forced.statusCode, forced.body).toBe(200);
    expect(summaries(forced.json())).toContain('Lunch with Sam');

    const todays = await get(alice, '/api/calendar/events');
    expect(todays.statusCode, todays.body).toBe(200);
    expect(summaries(todays.json())).toContain('Lunch with Sam');
    expect(summaries(todays.json())).not.toContain('Board meeting');

    const slots = await get(alice, '/api/calendar/free-slots?days=2&minDuration=30');
    expect(slots.statusCode, slots.body).toBe(200);
    expect(Array.isArray(slots.json())).toBe(true);

    // Every calendar is listed, the expired connection's marked (it stays in the selection).
    const calendars = await get(alice, '/api/calendar/calendars');
    expect(calendars.statusCode, calendars.body).toBe(200);
    const byId = Object.fromEntries(
      calendars.json().map((c: { id: string; expired: boolean }) => [c.id.split(':')[0], c.expired]),
    );
    expect(byId).toEqual({ google: true, caldav: false });
  });

  it("shows the CalDAV events on the overview's card, which also says that a connection expired", async () => {
    const res = await get(alice, '/api/dashboard/overview');
    expect(res.statusCode, res.body).toBe(200);
    const { calendar } = res.json() as { calendar: { connected: boolean; expired: boolean; events: CalendarEvent[] } };
    expect(calendar).toMatchObject({ connected: true, expired: true });
    expect(summaries(calendar.events)).toEqual(expect.arrayContaining(['Family visit', 'Standup', 'Lunch with Sam']));
    expect(summaries(calendar.events)).not.toContain('Board meeting');
    expect(summaries(calendar.events)).not.toContain('Budget review');
  });

  it('gives the coaches the CalDAV events and tells them, as data, that Google is left out', async () => {
    const userId = await userIdOf(h, 'alice');
    const data = await loadCoachData(h.ctx, { userId, today });
    expect(data.calendar.map((e) => e.summary)).toContain('Lunch with Sam');
    expect(data.calendar.map((e) => e.summary)).not.toContain('Board meeting');
    expect(data.calendarNotices).toEqual([NOTICE]);
    const context = buildContext('assistant', data, { today });
    const calendarPart = context.slice(context.indexOf('## Calendar'));
    expect(calendarPart).toContain('Lunch with Sam');
    expect(calendarPart).toContain(NOTICE);

    // The planning coach reads the same way.
    const week = mondayOf(today);
    const planning = await loadPlanningData(h.ctx, userId, week, []);
    expect(planning.events.map((e) => e.title)).not.toContain('Board meeting');
    expect(planning.calendarNotices).toEqual([NOTICE]);
    const fields = {
      weekly_review: '',
      meta_goals: ['', '', ''],
      constraints: '',
      brain_dump: '',
      weekly_intention: '',
    };
    expect(planningContext(planning, fields, true)).toContain(NOTICE);
  });

  it('serves the CalDAV events to MCP, with a notice that Google is left out', async () => {
    const { key } = await createKey(alice);
    const mcp = await connectMcp(await listen(h), key);
    mcpClients.push(mcp);
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const res = await mcp.callTool({ name, arguments: args });
      expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
      return {
        data: res.structuredContent as Record<string, unknown>,
        text: (res.content as Array<{ text: string }>)[0]?.text ?? '',
      };
    };
    const events = await call('calendar_events', { start_date: today, end_date: today });
    expect(events.data).toMatchObject({ connected: true, notices: [NOTICE] });
    const names = (events.data.events as Array<{ summary: string }>).map((e) => e.summary);
    expect(names).toContain('Lunch with Sam');
    expect(names).not.toContain('Board meeting');
    expect(events.text).toContain('Lunch with Sam');
    expect(events.text).toContain(NOTICE);

    const day = await call('today');
    expect(day.data).toMatchObject({ calendar_connected: true, calendar_notices: [NOTICE] });
    expect((day.data.events as Array<{ summary: string }>).map((e) => e.summary)).toContain('Lunch with Sam');
    expect(day.text).toContain(NOTICE);

    const free = await call('calendar_free_slots', { days: 2, min_minutes: 30 });
    expect(free.data).toMatchObject({ connected: true, notices: [NOTICE] });
    expect(free.text).toContain(NOTICE);

    // A transcript attached to a CalDAV meeting; the Google one is not found, and the answer says why.
    const lunch = (events.data.events as Array<{ id: string; summary: string }>).find(
      (e) => e.summary === 'Lunch with Sam',
    );
    const saved = await call('transcript_create', { content: 'Sam: the plan holds.', event_id: lunch?.id });
    expect(saved.data).toMatchObject({ transcript: { title: 'Lunch with Sam', transcript_type: 'scheduled' } });
    const board = await mcp.callTool({ name: 'transcript_create', arguments: { content: 'x', event_id: 'board' } });
    expect(board.isError).toBe(true);
    expect((board.content as Array<{ text: string }>)[0]?.text).toContain(NOTICE);
  });

  it('writes a workout to CalDAV; one already on the expired Google calendar answers AUTH_EXPIRED', async () => {
    const tomorrow = await alice.request({
      method: 'POST',
      url: `/api/calendar/sync-workout/${await plan(alice, addDays(today, 1), 'w-2')}`,
    });
    expect(tomorrow.statusCode, tomorrow.body).toBe(200);
    expect(tomorrow.json()).toMatchObject({ success: true, calendar_id: expect.stringMatching(/^caldav:/) });
    const written = await get(alice, `/api/calendar/events/range?startDate=${addDays(today, 1)}`);
    expect(summaries(written.json())).toContain('Workout: Upper body');

    const todays = (
      await h.ctx.db.selectFrom('workout_plans').select('id').where('plan_uuid', '=', 'w-1').executeTakeFirstOrThrow()
    ).id;
    const onGoogle = await alice.request({ method: 'POST', url: `/api/calendar/sync-workout/${todays}` });
    expect(onGoogle.statusCode).toBe(401);
    expect(onGoogle.json()).toEqual({ error: CALENDAR_TEXT.expiredCall, code: 'AUTH_EXPIRED' });
  });
});

describe('an expired Google connection alone', () => {
  it('answers AUTH_EXPIRED from every data call, as before', async () => {
    const forced = await get(bob, `/api/calendar/events/range?startDate=${today}&refresh=true`);
    expect(forced.statusCode).toBe(401);
    expect(forced.json()).toEqual({ error: CALENDAR_TEXT.expiredCall, code: 'AUTH_EXPIRED' });
    for (const url of [
      `/api/calendar/events/range?startDate=${today}`,
      '/api/calendar/events',
      '/api/calendar/calendars',
      '/api/calendar/free-slots',
    ]) {
      const res = await get(bob, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe('AUTH_EXPIRED');
    }
    const refresh = await bob.request({ method: 'POST', url: '/api/calendar/refresh' });
    expect(refresh.json().code).toBe('AUTH_EXPIRED');
    const sync = await bob.request({
      method: 'POST',
      url: `/api/calendar/sync-workout/${await plan(bob, today, 'b-1')}`,
    });
    expect(sync.statusCode).toBe(401);
    expect(sync.json().code).toBe('AUTH_EXPIRED');
    expect((await get(bob, '/api/calendar/is-authenticated')).json()).toEqual({ isAuthenticated: false });
    // The overview's card asks to reconnect; the coaches are told.
    expect((await get(bob, '/api/dashboard/overview')).json().calendar).toEqual({
      connected: false,
      expired: true,
      events: [],
    });
    const data = await loadCoachData(h.ctx, { userId: await userIdOf(h, 'bob'), today });
    expect(data).toMatchObject({ calendar: [], calendarNotices: [NOTICE] });
    expect(buildContext('assistant', data, { today })).toContain(NOTICE);
    // The session is fine.
    expect((await get(bob, '/api/todos')).statusCode).toBe(200);
  });

  it('expires a connection whose authorization is refused while writing, as a refresh would', async () => {
    const carol = await user('carol');
    await connectGoogle(carol);
    google.revokeGrants();
    const sync = await carol.request({
      method: 'POST',
      url: `/api/calendar/sync-workout/${await plan(carol, today, 'c-1')}`,
    });
    expect(sync.statusCode).toBe(401);
    expect(sync.json().code).toBe('AUTH_EXPIRED');
    const { connections } = (await get(carol, '/api/calendar/connections')).json();
    expect(connections).toEqual([expect.objectContaining({ provider: 'google', status: 'expired' })]);
  });
});
