import { type DAVCalendar, type DAVCalendarObject, fetchCalendarObjects } from 'tsdav';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#common/api/calendar.js';
import { addDays, mondayOf, todayIn } from '#common/time.js';
import { HttpError } from '../../http/errors.js';
import { secretBox } from '../../secrets.js';
import { type FakeGoogle, startFakeGoogle } from '../../test/fakeGoogle.js';
import {
  type Client,
  createUserAndSignIn,
  type Harness,
  instancePool,
  LOCAL_CALENDARS,
  userIdOf,
} from '../../test/harness.js';
import { connectCaldav, type Radicale, startRadicale } from '../../test/radicale.js';
import { setUserTimeZone } from '../../time/userZone.js';
import type { CaldavCredentials } from './providers/caldav.js';
import type { TimedWriteEvent } from './providers/types.js';
import { removeItem, writeItem } from './writeback.js';

/**
 * Training sessions in the user's calendar: a timed, busy event written through the exactly-once
 * path (`writeItem`), moved by writing it again, and taken away by `removeItem` in the same turn
 * and under the same lease, so a removal and a write of one item sent together end in one state
 * (the event gone and its row with it, or one event and its row). CalDAV against a real Radicale
 * (one Radicale user and calendar per test), Google against the local Google.
 */
const ZONE = 'Europe/Paris';
const PASSWORD = 'training-app-password';
const USERS = ['t1', 't2', 't3', 't4', 't5', 't6'];
const PRIMARY = 'alice@example.com';
let radicale: Radicale;
let google: FakeGoogle;
const pool = instancePool(() => ({ ...google.env, ...LOCAL_CALENDARS }));
let day: string;

beforeAll(async () => {
  radicale = await startRadicale(Object.fromEntries(USERS.map((u) => [u, PASSWORD])));
  google = await startFakeGoogle({ email: PRIMARY });
  day = addDays(todayIn(ZONE), 3);
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

/** A session on the test's day, from and to UTC wall clocks. */
const session = (from: string, to: string, summary = 'Training: Tempo run'): TimedWriteEvent => ({
  start: `${day}T${from}:00.000Z`,
  end: `${day}T${to}:00.000Z`,
  timeZone: ZONE,
  summary,
  description: 'Warm up, 3 × 10 min at tempo, cool down',
});

/** A Daymark user (in Paris) connected to the Radicale user of the same name, who has one calendar. */
async function caldavUser(h: Harness, user: string) {
  const calendarUrl = await radicale.makeCalendar(user, 'personal', { displayName: 'Personal' });
  const c = await createUserAndSignIn(h, user);
  const userId = await userIdOf(h, user);
  await setUserTimeZone(h.ctx.db, userId, ZONE);
  await connectCaldav(c, radicale, user);
  const objects = async (): Promise<DAVCalendarObject[]> =>
    fetchCalendarObjects({ calendar: { url: calendarUrl } as DAVCalendar, headers: radicale.auth(user) });
  return { c, userId, calendarUrl, objects };
}

/** A Daymark user (in Paris) connected to the local Google through its consent page. */
async function googleUser(h: Harness, name: string) {
  const c = await createUserAndSignIn(h, name);
  const userId = await userIdOf(h, name);
  await setUserTimeZone(h.ctx.db, userId, ZONE);
  const url = await c.request({ method: 'GET', url: '/api/calendar/auth-url?baseUrl=http://localhost:5173' });
  const consent = await google.consent(url.json().authUrl);
  const res = await c.request({
    method: 'GET',
    url: `/api/calendar/oauth-callback?code=${encodeURIComponent(consent.code ?? '')}&state=${encodeURIComponent(consent.state ?? '')}`,
  });
  expect(res.json()).toMatchObject({ success: true });
  return { c, userId };
}

/** The training sessions the app shows on the test's day (read from the cache, as every screen reads them). */
async function shown(c: Client) {
  const res = await c.request({ method: 'GET', url: `/api/calendar/events/range?startDate=${day}&endDate=${day}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CalendarEvent[])
    .filter((e) => e.daymark === 'training')
    .map((e) => ({
      id: e.id,
      summary: e.summary,
      start: new Date(e.start.dateTime as string).toISOString(),
      end: new Date(e.end.dateTime as string).toISOString(),
    }));
}

/** The cached events Daymark marked as training sessions, with what they say of busy time. */
async function cached(h: Harness, userId: number) {
  const rows = await h.ctx.db
    .selectFrom('calendar_events')
    .select(['event_id', 'start_at', 'end_at', 'data'])
    .where('user_id', '=', userId)
    .execute();
  return rows
    .map((r) => ({ id: r.event_id, startAt: r.start_at, endAt: r.end_at, ...JSON.parse(r.data) }))
    .filter((e) => e.daymark === 'training')
    .map((e) => ({ id: e.id, startAt: e.startAt, endAt: e.endAt, transparency: e.transparency }));
}

const writtenRows = (h: Harness) =>
  h.ctx.db
    .selectFrom('calendar_written_events')
    .select(['kind', 'item_key', 'remote_event_id', 'state', 'lease_token'])
    .execute();

/** What a call threw, or null. */
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe('a training session in a CalDAV calendar', () => {
  it('lands as one timed, busy event of Daymark’s, moves when written again, and goes when removed', async () => {
    const h = await instance();
    const { c, userId, calendarUrl, objects } = await caldavUser(h, 't1');
    const first = await writeItem(h.ctx, userId, 'training', 'session-1', session('06:00', '07:00'));
    expect(first).toMatchObject({ updated: false, calendar_name: 'Personal' });
    const url = first.event_id;
    expect(url.slice(calendarUrl.length)).toMatch(/^daymark-[0-9a-f]{32}\.ics$/);
    const uid = url.slice(calendarUrl.length, -'.ics'.length);
    let stored = await objects();
    expect(stored.map((o) => o.url)).toEqual([url]);
    expect(String(stored[0]?.data)).toContain(`DTSTART:${day.replaceAll('-', '')}T060000Z`);
    expect(String(stored[0]?.data)).toContain('TRANSP:OPAQUE');
    // The write refreshed the cache: the session shows at once, as Daymark's, and busy.
    expect(await shown(c)).toEqual([
      { id: uid, summary: 'Training: Tempo run', start: session('06:00', '07:00').start, end: `${day}T07:00:00.000Z` },
    ]);
    expect(await cached(h, userId)).toEqual([
      { id: uid, startAt: `${day}T06:00:00.000Z`, endAt: `${day}T07:00:00.000Z`, transparency: 'opaque' },
    ]);

    // Moved to the evening: the same event at its new times.
    const moved = await writeItem(h.ctx, userId, 'training', 'session-1', session('17:00', '18:30', 'Training: Hills'));
    expect(moved).toMatchObject({ updated: true, event_id: url });
    stored = await objects();
    expect(stored.map((o) => o.url)).toEqual([url]);
    expect(String(stored[0]?.data)).toContain(`DTSTART:${day.replaceAll('-', '')}T170000Z`);
    expect(String(stored[0]?.data)).toContain(`DTEND:${day.replaceAll('-', '')}T183000Z`);
    expect(await shown(c)).toEqual([
      { id: uid, summary: 'Training: Hills', start: `${day}T17:00:00.000Z`, end: `${day}T18:30:00.000Z` },
    ]);

    // Released: gone from the server, the cache and the written rows.
    expect(await removeItem(h.ctx, userId, 'training', 'session-1')).toEqual({ removed: true });
    expect(await objects()).toEqual([]);
    expect(await shown(c)).toEqual([]);
    expect(await cached(h, userId)).toEqual([]);
    expect(await writtenRows(h)).toEqual([]);
    // Removed again: nothing to remove, nothing changes.
    expect(await removeItem(h.ctx, userId, 'training', 'session-1')).toEqual({ removed: false });
    expect(await objects()).toEqual([]);
    expect(await writtenRows(h)).toEqual([]);

    // Planned again: created anew under the same id.
    const again = await writeItem(h.ctx, userId, 'training', 'session-1', session('06:30', '07:15'));
    expect(again).toMatchObject({ updated: false, event_id: url });
    expect((await objects()).map((o) => o.url)).toEqual([url]);
    expect(await shown(c)).toEqual([
      { id: uid, summary: 'Training: Tempo run', start: `${day}T06:30:00.000Z`, end: `${day}T07:15:00.000Z` },
    ]);
    expect(await writtenRows(h)).toEqual([
      { kind: 'training', item_key: 'session-1', remote_event_id: url, state: 'written', lease_token: null },
    ]);
  });

  it('is still known as Daymark’s and still removed after its written row is gone (a calendar connected again)', async () => {
    const h = await instance();
    const { c, userId, objects } = await caldavUser(h, 't6');
    const key = `${mondayOf(day)}#2`;
    await writeItem(h.ctx, userId, 'training', key, session('06:00', '07:00'));
    // Connecting a calendar account again drops the rows of what was written before; the event stays.
    await h.ctx.db.deleteFrom('calendar_written_events').execute();
    const refreshed = await c.request({
      method: 'GET',
      url: `/api/calendar/events/range?startDate=${day}&endDate=${day}&refresh=true`,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await shown(c)).toHaveLength(1);
    expect(await objects()).toHaveLength(1);
    // Nothing recorded was removed, but the event under the item's own id is gone.
    expect(await removeItem(h.ctx, userId, 'training', key)).toEqual({ removed: false });
    expect(await objects()).toEqual([]);
    expect(await shown(c)).toEqual([]);
  });

  it('a removal and a write of one item sent together end in one state, in the order they came', async () => {
    const h = await instance();
    const { userId, objects } = await caldavUser(h, 't2');
    const write = () => writeItem(h.ctx, userId, 'training', 'race', session('08:00', '09:00'));
    const remove = () => removeItem(h.ctx, userId, 'training', 'race');
    /** The event and its row both there (once), or both gone. */
    const consistent = async () => {
      const rows = await writtenRows(h);
      const urls = (await objects()).map((o) => o.url);
      expect(rows.every((r) => r.lease_token === null && r.state === 'written')).toBe(true);
      expect(urls).toEqual(rows.map((r) => r.remote_event_id));
      return urls.length;
    };

    const [w1, r1] = await Promise.all([write(), remove()]);
    expect(w1.updated).toBe(false);
    expect(r1).toEqual({ removed: true });
    expect(await consistent()).toBe(0);

    const [r2, w2] = await Promise.all([remove(), write()]);
    expect(r2).toEqual({ removed: false });
    expect(w2.updated).toBe(false);
    expect(await consistent()).toBe(1);

    const outcomes = await Promise.all([remove(), write(), remove(), write(), write(), remove(), write()]);
    expect(outcomes.map((o) => ('removed' in o ? o.removed : 'written'))).toEqual([
      true,
      'written',
      true,
      'written',
      'written',
      true,
      'written',
    ]);
    expect(await consistent()).toBe(1);
  });

  it('waits while another instance holds the item, then removes it', async () => {
    const h = await instance();
    const { userId, objects } = await caldavUser(h, 't3');
    await writeItem(h.ctx, userId, 'training', 'held', session('10:00', '11:00'));
    await h.ctx.db
      .updateTable('calendar_written_events')
      .set({ lease_token: 'another-instance', lease_until: new Date(Date.now() + 60_000).toISOString() })
      .execute();
    let done = false;
    const removal = removeItem(h.ctx, userId, 'training', 'held').then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(done).toBe(false);
    expect(await objects()).toHaveLength(1);
    await h.ctx.db.updateTable('calendar_written_events').set({ lease_token: null, lease_until: null }).execute();
    expect(await removal).toEqual({ removed: true });
    expect(await objects()).toEqual([]);
    expect(await writtenRows(h)).toEqual([]);
  });

  it('keeps the row when the server refuses the removal, and says why', async () => {
    const h = await instance();
    const { userId, objects } = await caldavUser(h, 't4');
    const { event_id: url } = await writeItem(h.ctx, userId, 'training', 'refused', session('12:00', '13:00'));
    const box = secretBox(h.ctx.config);
    const conn = await h.ctx.db
      .selectFrom('calendar_connections')
      .select(['id', 'credentials'])
      .executeTakeFirstOrThrow();
    const good = box.open<CaldavCredentials>(conn.credentials);
    const setCredentials = (c: CaldavCredentials) =>
      h.ctx.db
        .updateTable('calendar_connections')
        .set({ credentials: box.seal(c) })
        .where('id', '=', conn.id)
        .execute();

    await setCredentials({ ...good, password: 'changed-on-the-server' });
    const err = await failureOf(removeItem(h.ctx, userId, 'training', 'refused'));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 502, message: expect.stringMatching(/refused to remove the event: 401/) });
    expect((await objects()).map((o) => o.url)).toEqual([url]);
    expect(await writtenRows(h)).toEqual([expect.objectContaining({ remote_event_id: url, lease_token: null })]);
    const after = await h.ctx.db
      .selectFrom('calendar_connections')
      .select(['status', 'last_error'])
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'connected', last_error: expect.stringMatching(/refused to remove the event/) });

    // The password is right again: the next removal goes through.
    await setCredentials(good);
    expect(await removeItem(h.ctx, userId, 'training', 'refused')).toEqual({ removed: true });
    expect(await objects()).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  it('removing and writing one session at once from both end in one state', async () => {
    const first = await instance();
    const second = await instance(first);
    const { userId, objects } = await caldavUser(first, 't5');
    const calls = [first, second].flatMap((h) => [
      () => removeItem(h.ctx, userId, 'training', 'shared'),
      () => writeItem(h.ctx, userId, 'training', 'shared', session('14:00', '15:00')),
    ]);
    for (let round = 0; round < 4; round++) {
      const order = round % 2 ? calls : [...calls].reverse();
      await Promise.all(order.map((call) => call()));
      const rows = await writtenRows(first);
      const urls = (await objects()).map((o) => o.url);
      expect(rows.every((r) => r.lease_token === null && r.state === 'written')).toBe(true);
      expect(urls).toEqual(rows.map((r) => r.remote_event_id));
    }
  });
});

describe('a training session in Google Calendar', () => {
  const byId = (id: string) => google.events(PRIMARY).filter((e) => e.id === id);

  it('lands as one timed, busy event of Daymark’s, moves when written again, and is cancelled when removed', async () => {
    const h = await instance();
    const { c, userId } = await googleUser(h, 'gus');
    const first = await writeItem(h.ctx, userId, 'training', 'session-1', session('06:00', '07:00'));
    expect(first).toMatchObject({ updated: false, calendar_id: `google:${PRIMARY}` });
    const id = first.event_id;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(byId(id)).toEqual([
      expect.objectContaining({
        status: 'confirmed',
        summary: 'Training: Tempo run',
        start: { dateTime: `${day}T06:00:00.000Z`, timeZone: ZONE },
        end: { dateTime: `${day}T07:00:00.000Z`, timeZone: ZONE },
        transparency: 'opaque',
      }),
    ]);
    expect(await shown(c)).toEqual([
      { id, summary: 'Training: Tempo run', start: `${day}T06:00:00.000Z`, end: `${day}T07:00:00.000Z` },
    ]);
    expect(await cached(h, userId)).toEqual([
      { id, startAt: `${day}T06:00:00.000Z`, endAt: `${day}T07:00:00.000Z`, transparency: 'opaque' },
    ]);

    const moved = await writeItem(h.ctx, userId, 'training', 'session-1', session('17:00', '18:30', 'Training: Hills'));
    expect(moved).toMatchObject({ updated: true, event_id: id });
    expect(byId(id)).toEqual([
      expect.objectContaining({ status: 'confirmed', start: { dateTime: `${day}T17:00:00.000Z`, timeZone: ZONE } }),
    ]);
    expect(await shown(c)).toEqual([
      { id, summary: 'Training: Hills', start: `${day}T17:00:00.000Z`, end: `${day}T18:30:00.000Z` },
    ]);

    // Released: Google keeps it as cancelled; the incremental refresh takes it out of the cache.
    const before = google.requests.length;
    expect(await removeItem(h.ctx, userId, 'training', 'session-1')).toEqual({ removed: true });
    const calls = google.requests.slice(before);
    expect(calls.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/calendar/v3/calendars/${encodeURIComponent(PRIMARY)}/events/${id}`,
    ]);
    expect(
      calls.filter((r) => r.method === 'GET' && r.path.endsWith('/events')).every((r) => r.query.get('syncToken')),
    ).toBe(true);
    expect(byId(id)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    expect(await shown(c)).toEqual([]);
    expect(await cached(h, userId)).toEqual([]);
    expect(await writtenRows(h)).toEqual([]);

    // Removed again: with no row, the item's own id is deleted once more in case an event was left
    // without one (Google answers 410 for the cancelled event); nothing changes.
    const quiet = google.requests.length;
    expect(await removeItem(h.ctx, userId, 'training', 'session-1')).toEqual({ removed: false });
    expect(
      google.requests
        .slice(quiet)
        .filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([`DELETE /calendar/v3/calendars/${encodeURIComponent(PRIMARY)}/events/${id}`]);
    expect(byId(id)).toEqual([expect.objectContaining({ status: 'cancelled' })]);

    // Planned again: the insert meets the cancelled event holding the id (409), and the update restores it.
    const writes = google.requests.length;
    const again = await writeItem(h.ctx, userId, 'training', 'session-1', session('06:30', '07:15'));
    expect(again).toMatchObject({ event_id: id, updated: true });
    expect(
      google.requests
        .slice(writes)
        .filter((r) => r.method !== 'GET')
        .map((r) => r.method),
    ).toEqual(['POST', 'PUT']);
    expect(byId(id)).toEqual([
      expect.objectContaining({ status: 'confirmed', start: { dateTime: `${day}T06:30:00.000Z`, timeZone: ZONE } }),
    ]);
    expect(await shown(c)).toEqual([
      { id, summary: 'Training: Tempo run', start: `${day}T06:30:00.000Z`, end: `${day}T07:15:00.000Z` },
    ]);
  });

  it('counts an event already deleted at Google (410) or dropped there (404) as removed', async () => {
    const h = await instance();
    const { userId } = await googleUser(h, 'gil');
    const cancelled = (await writeItem(h.ctx, userId, 'training', 'a', session('06:00', '07:00'))).event_id;
    const purged = (await writeItem(h.ctx, userId, 'training', 'b', session('08:00', '09:00'))).event_id;
    google.cancelEvent(PRIMARY, cancelled);
    google.purgeEvent(PRIMARY, purged);
    expect(await removeItem(h.ctx, userId, 'training', 'a')).toEqual({ removed: true });
    expect(await removeItem(h.ctx, userId, 'training', 'b')).toEqual({ removed: true });
    expect(await writtenRows(h)).toEqual([]);
    expect(byId(cancelled)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    expect(byId(purged)).toEqual([]);
  });

  it('a refused authorization expires the connection and keeps the row; an expired connection’s row is dropped', async () => {
    const h = await instance();
    const { userId } = await googleUser(h, 'gaby');
    const id = (await writeItem(h.ctx, userId, 'training', 'kept', session('06:00', '07:00'))).event_id;
    google.revokeGrants();
    const err = await failureOf(removeItem(h.ctx, userId, 'training', 'kept'));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 401, code: 'AUTH_EXPIRED' });
    expect(await h.ctx.db.selectFrom('calendar_connections').select('status').executeTakeFirstOrThrow()).toEqual({
      status: 'expired',
    });
    expect(await writtenRows(h)).toEqual([expect.objectContaining({ remote_event_id: id, lease_token: null })]);
    expect(byId(id)).toEqual([expect.objectContaining({ status: 'confirmed' })]);

    // Nothing Daymark can reach is left to remove: the row goes, the event stays at Google.
    expect(await removeItem(h.ctx, userId, 'training', 'kept')).toEqual({ removed: false });
    expect(await writtenRows(h)).toEqual([]);
    expect(byId(id)).toEqual([expect.objectContaining({ status: 'confirmed' })]);
  });

  it('removals and writes of one session sent together end in one state', async () => {
    const h = await instance();
    const { userId } = await googleUser(h, 'gert');
    const write = () => writeItem(h.ctx, userId, 'training', 'race', session('08:00', '09:00'));
    const remove = () => removeItem(h.ctx, userId, 'training', 'race');
    const outcomes = await Promise.all([write(), remove(), remove(), write(), remove(), write()]);
    expect(outcomes.map((o) => ('removed' in o ? o.removed : 'written'))).toEqual([
      'written',
      true,
      false,
      'written',
      true,
      'written',
    ]);
    const rows = await writtenRows(h);
    expect(rows).toEqual([expect.objectContaining({ state: 'written', lease_token: null })]);
    const id = rows[0]?.remote_event_id as string;
    expect(byId(id)).toEqual([expect.objectContaining({ status: 'confirmed' })]);
  });
});
