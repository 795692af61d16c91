import fs from 'node:fs';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_TEXT, type CalendarEvent } from '#common/api/calendar.js';
import { addDays, todayIn } from '#common/time.js';
import { secretBox } from '../../secrets.js';
import { type FakeGoogle, startFakeGoogle } from '../../test/fakeGoogle.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { setUserTimeZone } from '../../time/userZone.js';
import { buildContext } from '../coach/contextBuilder.js';
import { loadCoachData } from '../coach/sources.js';
import { generate } from '../workout/testing.js';
import { runAutoSync } from './autoSync.js';

const ZONE = 'America/New_York';
const PRIMARY = 'alice@example.com';
let google: FakeGoogle;
let h: Harness;
let today: string;

/** The instant of a wall-clock time on a date in the test zone, as Google writes it. */
function local(date: string, time: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, ZONE).getTime()).toISOString();
}

beforeAll(async () => {
  google = await startFakeGoogle({ email: PRIMARY });
  today = todayIn(ZONE);
  google.addEvent(PRIMARY, {
    id: 'standup',
    summary: 'Standup',
    start: { dateTime: local(today, '09:00'), timeZone: ZONE },
    end: { dateTime: local(today, '09:15'), timeZone: ZONE },
  });
  google.addEvent(PRIMARY, {
    id: 'offsite',
    summary: 'Offsite',
    start: { date: today },
    end: { date: addDays(today, 1) },
  });
  google.addEvent(PRIMARY, {
    id: 'review',
    summary: 'Quarterly review',
    start: { dateTime: local(today, '14:00') },
    end: { dateTime: local(today, '15:00') },
    organizer: { email: 'boss@example.com' },
    attendees: [
      { email: 'boss@example.com', responseStatus: 'accepted', organizer: true },
      { email: PRIMARY, responseStatus: 'declined', self: true },
    ],
  });
  for (let i = 1; i <= 3; i++) {
    google.addEvent(PRIMARY, {
      id: `gym_2026${i}`,
      recurringEventId: 'gym',
      summary: 'Gym',
      start: { dateTime: local(addDays(today, i), '07:00') },
      end: { dateTime: local(addDays(today, i), '08:00') },
    });
  }
  google.addEvent('team@group.calendar.google.com', {
    id: 'team-lunch',
    summary: 'Team lunch',
    location: 'Canteen',
    start: { dateTime: local(today, '12:00') },
    end: { dateTime: local(today, '13:00') },
  });
});
afterAll(async () => google?.stop());
afterEach(async () => {
  google.pageSize = 250;
  await h?.close();
});

async function signedIn(name = 'alice'): Promise<Client> {
  const c = await createUserAndSignIn(h, name);
  await setUserTimeZone(h.ctx.db, await userIdOf(h, name), ZONE);
  return c;
}

async function authUrl(c: Client) {
  const res = await c.request({ method: 'GET', url: '/api/calendar/auth-url?baseUrl=http://localhost:5173' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().authUrl as string;
}

async function connect(c: Client) {
  const consent = await google.consent(await authUrl(c));
  const res = await c.request({
    method: 'GET',
    url: `/api/calendar/oauth-callback?code=${encodeURIComponent(consent.code ?? '')}&state=${encodeURIComponent(consent.state ?? '')}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ success: true });
  return res;
}

const todays = async (c: Client) => {
  const res = await c.request({ method: 'GET', url: '/api/calendar/events' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarEvent[];
};

describe('Google Calendar against a local Google', () => {
  it('builds the authorization URL with state, PKCE S256, offline access and the default redirect URI', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    const u = new URL(await authUrl(c));
    expect(`${u.origin}${u.pathname}`).toBe(google.env.GOOGLE_AUTH_URL);
    const q = u.searchParams;
    expect(q.get('client_id')).toBe(google.clientId);
    expect(q.get('redirect_uri')).toBe('http://localhost:5173/dashboard/google-callback');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(q.get('scope')).toContain('calendar');
    const again = new URL(await authUrl(c)).searchParams;
    expect(again.get('state')).not.toBe(q.get('state'));
  });

  it('connects through consent, lists calendars with Google colours, pages through events and marks the declined one', async () => {
    h = await createHarness({ env: google.env });
    google.pageSize = 2;
    const c = await signedIn();
    await connect(c);
    const conns = (await c.request({ method: 'GET', url: '/api/calendar/connections' })).json();
    expect(conns.google_configured).toBe(true);
    expect(conns.connections).toEqual([
      expect.objectContaining({ provider: 'google', status: 'connected', label: PRIMARY, last_error: null }),
    ]);
    const cals = (await c.request({ method: 'GET', url: '/api/calendar/calendars' })).json();
    expect(cals).toEqual([
      expect.objectContaining({
        id: `google:${PRIMARY}`,
        backgroundColor: '#9fe1e7',
        foregroundColor: '#000000',
        writable: true,
        primary: true,
      }),
      expect.objectContaining({
        summary: 'Team',
        backgroundColor: '#f83a22',
        foregroundColor: '#ffffff',
        writable: false,
      }),
    ]);
    const events = await todays(c);
    expect(events.map((e) => e.summary)).toEqual(['Offsite', 'Standup', 'Team lunch', 'Quarterly review']);
    expect(events[1]).toMatchObject({ id: 'standup', etag: expect.any(String), start: { timeZone: ZONE } });
    expect(events[1]?.start.dateTime).toMatch(/T09:00:00-0[45]:00$/);
    expect(events[2]?.calendar).toMatchObject({
      summary: 'Team',
      backgroundColor: '#f83a22',
      foregroundColor: '#ffffff',
    });
    expect(events.find((e) => e.summary === 'Quarterly review')?.declined).toBe(true);
    expect(events.filter((e) => e.declined)).toHaveLength(1);
    const gym = (
      await c.request({
        method: 'GET',
        url: `/api/calendar/events/range?startDate=${addDays(today, 1)}&endDate=${addDays(today, 3)}`,
      })
    ).json() as CalendarEvent[];
    expect(gym.map((e) => [e.summary, e.recurringEventId])).toEqual([
      ['Gym', 'gym'],
      ['Gym', 'gym'],
      ['Gym', 'gym'],
    ]);
    // Six events in the primary calendar, two per page.
    const pages = google.requests.filter(
      (r) => r.path.endsWith(`/calendars/${encodeURIComponent(PRIMARY)}/events`) && r.query.get('pageToken'),
    );
    expect(pages.length).toBeGreaterThanOrEqual(2);
  });

  it('refreshes incrementally with the syncToken: changes and cancellations arrive', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    const id = google.addEvent(PRIMARY, {
      summary: 'Dentist',
      start: { dateTime: local(today, '16:00') },
      end: { dateTime: local(today, '16:30') },
    });
    google.updateEvent(PRIMARY, 'standup', { summary: 'Standup (short)' });
    const before = google.requests.length;
    const refresh = await c.request({ method: 'POST', url: '/api/calendar/refresh' });
    expect(refresh.statusCode, refresh.body).toBe(200);
    expect(refresh.json().last_sync_time).toEqual(expect.any(String));
    const lists = google.requests
      .slice(before)
      .filter((r) => r.path.includes(`/calendars/${encodeURIComponent(PRIMARY)}/events`));
    expect(lists.every((r) => r.query.get('syncToken'))).toBe(true);
    let names = (await todays(c)).map((e) => e.summary);
    expect(names).toContain('Dentist');
    expect(names).toContain('Standup (short)');

    google.cancelEvent(PRIMARY, id);
    google.updateEvent(PRIMARY, 'standup', { summary: 'Standup' });
    names = (await c.request({ method: 'GET', url: `/api/calendar/events/range?startDate=${today}&refresh=true` }))
      .json()
      .map((e: CalendarEvent) => e.summary);
    expect(names).not.toContain('Dentist');
    expect(names).toContain('Standup');
  });

  it('refuses a forged, reused or another user’s state and a wrong PKCE verifier', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    const other = await signedIn('bob');
    const consent = await google.consent(await authUrl(c));
    const call = (who: Client, q: string) => who.request({ method: 'GET', url: `/api/calendar/oauth-callback?${q}` });

    const forged = await call(c, `code=${encodeURIComponent(consent.code ?? '')}&state=forged-state`);
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toMatchObject({ success: false, error: 'invalid_state' });
    const stolen = await call(other, `code=${encodeURIComponent(consent.code ?? '')}&state=${consent.state}`);
    expect(stolen.json()).toMatchObject({ success: false, error: 'invalid_state' });
    const missing = await call(c, `state=${consent.state}`);
    expect(missing.json()).toEqual({ success: false, error: 'code_missing', message: CALENDAR_TEXT.codeMissing });
    const denied = await call(c, 'error=access_denied');
    expect(denied.json()).toMatchObject({ success: false, error: 'access_denied' });
    // An error code naming an object property is just an unknown code (found by the API fuzzer).
    const proto = await call(c, 'error=__proto__');
    expect(proto.statusCode).toBe(200);
    expect(proto.json()).toEqual({
      success: false,
      error: '__proto__',
      message: 'Google Calendar authorization failed: __proto__',
    });

    // The state was not consumed by the other user's attempt: the owner completes it once.
    const ok = await call(c, `code=${encodeURIComponent(consent.code ?? '')}&state=${consent.state}`);
    expect(ok.json()).toMatchObject({ success: true });
    const reused = await call(c, `code=${encodeURIComponent(consent.code ?? '')}&state=${consent.state}`);
    expect(reused.json()).toMatchObject({ success: false, error: 'invalid_state' });

    // A verifier that does not match the challenge is refused by the token endpoint.
    const second = await google.consent(await authUrl(other));
    await h.ctx.db
      .updateTable('calendar_oauth_states')
      .set({ code_verifier: secretBox(h.ctx.config).seal('a-different-verifier-of-enough-length-000000000') })
      .execute();
    const badPkce = await call(other, `code=${encodeURIComponent(second.code ?? '')}&state=${second.state}`);
    expect(badPkce.statusCode).toBe(200);
    expect(badPkce.json()).toMatchObject({ success: false, error: 'invalid_grant' });
    expect((await other.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toEqual([]);
  });

  it('refreshes an expired access token silently; a revoked grant puts the connection in the expired state', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    const before = (await h.ctx.db.selectFrom('calendar_connections').select('credentials').executeTakeFirstOrThrow())
      .credentials;
    google.expireAccessTokens();
    const refreshed = await c.request({ method: 'POST', url: '/api/calendar/refresh' });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const after = (await h.ctx.db.selectFrom('calendar_connections').select('credentials').executeTakeFirstOrThrow())
      .credentials;
    expect(after).not.toBe(before);

    google.revokeGrants();
    const expired = await c.request({
      method: 'GET',
      url: `/api/calendar/events/range?startDate=${today}&refresh=true`,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: CALENDAR_TEXT.expiredCall, code: 'AUTH_EXPIRED' });
    for (const url of ['/api/calendar/events', '/api/calendar/calendars', '/api/calendar/free-slots']) {
      const res = await c.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('AUTH_EXPIRED');
    }
    expect((await c.request({ method: 'GET', url: '/api/calendar/is-authenticated' })).json()).toEqual({
      isAuthenticated: false,
    });
    const conns = (await c.request({ method: 'GET', url: '/api/calendar/connections' })).json();
    expect(conns.connections[0]).toMatchObject({ status: 'expired' });
    expect((await c.request({ method: 'GET', url: '/api/calendar/sync-settings' })).statusCode).toBe(200);
    // The app session is untouched: only calendar calls answer AUTH_EXPIRED.
    expect((await c.request({ method: 'GET', url: '/api/todos' })).statusCode).toBe(200);

    // Reconnecting replaces the expired connection.
    await connect(c);
    expect((await c.request({ method: 'GET', url: '/api/calendar/connections' })).json().connections).toEqual([
      expect.objectContaining({ status: 'connected' }),
    ]);
    expect((await todays(c)).length).toBeGreaterThan(0);
  });

  it('disconnects: the token is revoked at Google and the events are forgotten', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    const revokedBefore = google.revokedTokens.length;
    const res = await c.request({ method: 'POST', url: '/api/calendar/revoke' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(google.revokedTokens.length).toBe(revokedBefore + 1);
    expect(google.revokedTokens.at(-1)).toMatch(/^1\/\//);
    expect((await c.request({ method: 'GET', url: '/api/calendar/is-authenticated' })).json()).toEqual({
      isAuthenticated: false,
    });
    expect(await todays(c)).toEqual([]);
  });

  it('writes a generated workout with sync_workouts on, and updates it when synced again', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    const date = addDays(today, 5);
    const { events } = await generate(c, date);
    const plan = events.find((e) => e.event === 'completed')?.data as { id: number };
    const written = google.events(PRIMARY).filter((e) => e.summary?.startsWith('Workout: ') && e.start.date === date);
    expect(written).toHaveLength(1);
    const sync = await c.request({ method: 'POST', url: `/api/calendar/sync-workout/${plan.id}` });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json()).toMatchObject({
      success: true,
      updated: true,
      event_id: written[0]?.id,
      calendar_id: `google:${PRIMARY}`,
    });
    expect(
      google.events(PRIMARY).filter((e) => e.summary?.startsWith('Workout: ') && e.start.date === date),
    ).toHaveLength(1);

    // With sync_workouts off, a generated workout stays off the calendar.
    await c.request({
      method: 'PUT',
      url: '/api/calendar/sync-settings',
      payload: { auto_sync: true, sync_workouts: false, sync_journal: false, selected_calendars: [] },
    });
    const other = addDays(today, 6);
    await generate(c, other);
    expect(google.events(PRIMARY).filter((e) => e.start.date === other)).toHaveLength(0);
  });

  it('finds free slots inside waking hours around the busy events, ignoring all-day and declined ones', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    const res = await c.request({ method: 'GET', url: '/api/calendar/free-slots?days=2&minDuration=30' });
    expect(res.statusCode, res.body).toBe(200);
    const slots = res.json() as Array<{ start: string; end: string; duration_minutes: number }>;
    const tomorrow = addDays(today, 1);
    const tomorrowSlots = slots.filter((s) => s.start.startsWith(tomorrow));
    // Tomorrow: Gym 07:00–08:00, so one slot 08:00–21:00.
    expect(tomorrowSlots).toHaveLength(1);
    expect(tomorrowSlots[0]?.start.slice(11, 16)).toBe('08:00');
    expect(tomorrowSlots[0]?.end.slice(11, 16)).toBe('21:00');
    expect(tomorrowSlots[0]?.duration_minutes).toBe(13 * 60);
    for (const s of slots) {
      expect(s.duration_minutes).toBeGreaterThanOrEqual(30);
      expect(Date.parse(s.end)).toBeGreaterThan(Date.now());
    }
  });

  it('keeps calendars fresh in the background with auto_sync, and not without', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    await h.ctx.db.updateTable('calendar_connections').set({ last_sync_time: '2020-01-01T00:00:00.000Z' }).execute();
    const id = google.addEvent(PRIMARY, {
      summary: 'Added elsewhere',
      start: { dateTime: local(today, '18:00') },
      end: { dateTime: local(today, '18:30') },
    });
    expect(await runAutoSync(h.ctx)).toBe(1);
    const stamp = (await h.ctx.db.selectFrom('calendar_connections').select('last_sync_time').executeTakeFirstOrThrow())
      .last_sync_time;
    expect(Date.parse(stamp ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await todays(c)).map((e) => e.summary)).toContain('Added elsewhere');

    await c.request({
      method: 'PUT',
      url: '/api/calendar/sync-settings',
      payload: { auto_sync: false, sync_workouts: true, sync_journal: false, selected_calendars: [] },
    });
    google.cancelEvent(PRIMARY, id);
    await h.ctx.db.updateTable('calendar_connections').set({ last_sync_time: '2020-01-01T00:00:00.000Z' }).execute();
    expect(await runAutoSync(h.ctx)).toBe(0);
    expect((await todays(c)).map((e) => e.summary)).toContain('Added elsewhere');
  });

  it('stores no token in clear and answers clearly when Google is not configured', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    const creds = secretBox(h.ctx.config).open<{ access_token: string; refresh_token: string }>(
      (await h.ctx.db.selectFrom('calendar_connections').select('credentials').executeTakeFirstOrThrow()).credentials,
    );
    const dump = JSON.stringify(await h.ctx.db.selectFrom('calendar_connections').selectAll().execute());
    expect(dump).not.toContain(creds.access_token);
    expect(dump).not.toContain(creds.refresh_token);
    if (h.ctx.dialect === 'sqlite') {
      const dir = h.env.DATA_DIR as string;
      for (const f of fs.readdirSync(dir).filter((n) => n.startsWith('daymark.db'))) {
        const bytes = fs.readFileSync(path.join(dir, f));
        expect(bytes.includes(Buffer.from(creds.refresh_token))).toBe(false);
        expect(bytes.includes(Buffer.from(creds.access_token))).toBe(false);
      }
    }
    await h.close();

    h = await createHarness();
    const d = await signedIn();
    const res = await d.request({ method: 'GET', url: '/api/calendar/auth-url' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Google Calendar is not available on this server; ask your administrator.');
    expect((await d.request({ method: 'GET', url: '/api/calendar/connections' })).json().google_configured).toBe(false);
  });
});

describe('the calendar as a coach source', () => {
  it("gives the coach the week's events from the cache, with the declined invitation left out of the prompt", async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    const data = await loadCoachData(h.ctx, { userId: await userIdOf(h, 'alice'), today });
    const names = data.calendar.map((e) => e.summary);
    expect(names).toEqual(expect.arrayContaining(['Standup', 'Offsite', 'Team lunch', 'Gym', 'Quarterly review']));
    const context = buildContext('assistant', data, { today });
    expect(context).toContain('Standup');
    expect(context).toContain('Team lunch');
    expect(context).not.toContain('Quarterly review');
    // Another user's coach sees nothing of it.
    const other = await signedIn('bob');
    expect((await loadCoachData(h.ctx, { userId: await userIdOf(h, other.username), today })).calendar).toEqual([]);
  });
});

describe('sync_journal', () => {
  it('writes the day’s journal to the calendar only when on, one event per day, updated on each save', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    await connect(c);
    const date = addDays(today, -2);
    const journalEvents = () =>
      google.events(PRIMARY).filter((e) => e.summary?.startsWith('Journal') && e.start.date === date);
    const save = async (content: string) => {
      const res = await c.request({ method: 'POST', url: `/api/notes/daily/${date}`, payload: { content } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await save('A quiet day.');
    expect(journalEvents()).toHaveLength(0);

    await c.request({
      method: 'PUT',
      url: '/api/calendar/sync-settings',
      payload: { auto_sync: true, sync_workouts: true, sync_journal: true, selected_calendars: [] },
    });
    await save('A quiet day. Walked by the river.');
    expect(journalEvents()).toHaveLength(1);
    await save('A quiet day. Walked by the river, then read.');
    const events = journalEvents();
    expect(events).toHaveLength(1);
    expect(events[0]?.description).toContain('then read');

    // Titled plainly "Journal" by default; with the goal, as the note was saved, when chosen.
    await save('## Goals for the Day\n- Finish the chapter\n\n## Journal\nRead all evening.\n');
    expect(journalEvents().map((e) => e.summary)).toEqual(['Journal']);
    await c.request({
      method: 'PUT',
      url: '/api/calendar/sync-settings',
      payload: {
        auto_sync: true,
        sync_workouts: true,
        sync_journal: true,
        selected_calendars: [],
        journal_title: 'goal',
      },
    });
    await save('## Goals for the Day\n- Finish the chapter\n\n## Journal\nRead all evening.\n');
    const titled = journalEvents();
    expect(titled).toHaveLength(1);
    expect(titled[0]?.summary).toBe('Journal: Finish the chapter');
    expect(titled[0]?.description).toContain('Read all evening.');
  });
});

describe('busy or free time from Google', () => {
  it('keeps the transparency Google states, reading none as opaque (its default), and follows its changes', async () => {
    h = await createHarness({ env: google.env });
    const c = await signedIn();
    const day = addDays(today, 40);
    const timed = (summary: string, transparency?: string) =>
      google.addEvent(PRIMARY, {
        summary,
        start: { dateTime: local(day, '10:00'), timeZone: ZONE },
        end: { dateTime: local(day, '11:00'), timeZone: ZONE },
        ...(transparency ? { transparency } : {}),
      });
    const ids = {
      focus: timed('Focus time', 'transparent'),
      meeting: timed('Meeting', 'opaque'),
      unsaid: timed('Unsaid'),
      holiday: google.addEvent(PRIMARY, {
        summary: 'Holiday',
        start: { date: day },
        end: { date: addDays(day, 1) },
        transparency: 'transparent',
      }),
    };
    const cached = async () => {
      const rows = await h.ctx.db
        .selectFrom('calendar_events')
        .select(['event_id', 'data'])
        .where('event_id', 'in', Object.values(ids))
        .execute();
      return Object.fromEntries(rows.map((r) => [r.event_id, JSON.parse(r.data).transparency]));
    };
    try {
      await connect(c);
      expect(await cached()).toEqual({
        [ids.focus]: 'transparent',
        [ids.meeting]: 'opaque',
        [ids.unsaid]: 'opaque',
        [ids.holiday]: 'transparent',
      });
      // Changed at Google: the incremental refresh brings the new word.
      google.updateEvent(PRIMARY, ids.unsaid, { transparency: 'transparent' });
      google.updateEvent(PRIMARY, ids.focus, { transparency: undefined });
      expect((await c.request({ method: 'POST', url: '/api/calendar/refresh' })).statusCode).toBe(200);
      expect(await cached()).toMatchObject({ [ids.focus]: 'opaque', [ids.unsaid]: 'transparent' });
    } finally {
      for (const id of Object.values(ids)) google.purgeEvent(PRIMARY, id);
    }
  });
});
