import type { z } from 'zod';
import {
  AUTH_EXPIRED_CODE,
  CALENDAR_TEXT,
  type CalendarEvent,
  type SyncSettings,
  type saveSyncSettingsRequest,
} from '../../../../common/src/api/calendar.js';
import { addDays } from '../../../../common/src/time.js';
import { providerOf } from '../../calendar/providers.js';
import { secretBox } from '../../calendar/secrets.js';
import { CalendarAuthExpired, CalendarError } from '../../calendar/types.js';
import { isoInZone } from '../../calendar/zoneFormat.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { lockForUser } from '../../db/userLock.js';
import { HttpError, notFound } from '../../http/errors.js';
import { jsonArrayOf, writtenOnce } from '../../http/writtenOnce.js';
import { dayRangeInZone } from '../../time/dayStarts.js';
import { keptEvent, type WrittenCalendar, type WrittenEvent, writtenCalendarOf, writtenEvent } from './eventJson.js';
import {
  calendarPublicId,
  type EventCalendarRef,
  eventCalendarOf,
  eventSortKey,
  presentCalendar,
  presentConnection,
  presentEvent,
} from './present.js';
import * as repo from './repo.js';
import * as settingsRepo from './settingsRepo.js';
import { calendarValues, providerContext, refreshConnection, refreshUser } from './sync.js';

export const expiredError = () => new HttpError(401, CALENDAR_TEXT.expiredCall, {}, AUTH_EXPIRED_CODE);

/** A provider failure as an answer: expiry → 401 AUTH_EXPIRED, a named failure → 502, else rethrown. */
export function asHttpError(err: unknown): unknown {
  if (err instanceof CalendarAuthExpired) return expiredError();
  if (err instanceof CalendarError) return new HttpError(502, err.message);
  return err;
}

/** Data calls refuse to serve while a Google connection is expired (§4: the user must reconnect). */
export async function assertNotExpired(db: Db, userId: number) {
  const connections = await repo.listConnections(db, userId);
  if (connections.some((c) => c.status === 'expired')) throw expiredError();
  return connections;
}

export async function isAuthenticated(db: Db, userId: number): Promise<boolean> {
  const connections = await repo.listConnections(db, userId);
  return connections.length > 0 && connections.every((c) => c.status === 'connected');
}

export async function listConnections(ctx: AppContext, userId: number) {
  const connections = await repo.listConnections(ctx.db, userId);
  return {
    connections: connections.map(presentConnection),
    google_configured: Boolean(ctx.config.google.clientId && ctx.config.google.clientSecret),
  };
}

// ---- sync settings ----

export const DEFAULT_SYNC = { auto_sync: true, sync_workouts: true, sync_journal: false } as const;

/** The calendars the user chose to show (empty: all); an unreadable stored list counts as none chosen. */
function selectedOf(row: settingsRepo.SyncSettingsRow | undefined): string[] {
  try {
    return row ? (JSON.parse(row.selected_calendars) as string[]) : [];
  } catch {
    return [];
  }
}

const autoSyncOf = (row: settingsRepo.SyncSettingsRow | undefined) =>
  row ? row.auto_sync === 1 : DEFAULT_SYNC.auto_sync;

const switchesOf = (row: settingsRepo.SyncSettingsRow | undefined) => ({
  sync_workouts: row ? row.sync_workouts === 1 : DEFAULT_SYNC.sync_workouts,
  sync_journal: row ? row.sync_journal === 1 : DEFAULT_SYNC.sync_journal,
});

/**
 * Whether saved workouts and daily journals are written to the calendar: the settings row alone,
 * for the hooks that run after every such save (getSyncSettings also lists the connections).
 */
export async function writeBackSwitches(db: Db, userId: number) {
  return switchesOf(await settingsRepo.getSyncSettings(db, userId));
}

export async function getSyncSettings(db: Db, userId: number): Promise<SyncSettings> {
  const row = await settingsRepo.getSyncSettings(db, userId);
  const connections = await repo.listConnections(db, userId);
  const times = connections.map((c) => c.last_sync_time).filter((t): t is string => t !== null);
  const selected = selectedOf(row);
  return {
    auto_sync: autoSyncOf(row),
    ...switchesOf(row),
    selected_calendars: selected,
    last_sync_time: times.sort().at(-1) ?? null,
  };
}

export async function saveSyncSettings(
  db: Db,
  userId: number,
  body: z.infer<typeof saveSyncSettingsRequest>,
): Promise<SyncSettings> {
  const known = new Set((await repo.listCalendarRows(db, userId)).map(calendarPublicId));
  const unknown = body.selected_calendars.find((id) => !known.has(id));
  if (unknown !== undefined) throw new HttpError(400, `Unknown calendar: ${unknown.slice(0, 200)}`);
  await settingsRepo.saveSyncSettings(db, userId, {
    auto_sync: body.auto_sync ? 1 : 0,
    sync_workouts: body.sync_workouts ? 1 : 0,
    sync_journal: body.sync_journal ? 1 : 0,
    selected_calendars: JSON.stringify([...new Set(body.selected_calendars)]),
  });
  return getSyncSettings(db, userId);
}

// ---- reads ----

export async function listCalendars(db: Db, userId: number) {
  await assertNotExpired(db, userId);
  return (await repo.listCalendarRows(db, userId)).map(presentCalendar);
}

/** What a read has already loaded, so the events query is not preceded by the same reads twice. */
export interface ReadState {
  settings: settingsRepo.SyncSettingsRow | undefined;
}

/** The calendars whose events are shown: the selected ones, or all when none is selected. */
async function shownCalendars(db: Db, userId: number, known?: ReadState) {
  const rows = await repo.listCalendarRows(db, userId);
  const selectedIds = selectedOf(known ? known.settings : await settingsRepo.getSyncSettings(db, userId));
  if (selectedIds.length === 0) return rows;
  const selected = new Set(selectedIds);
  return rows.filter((r) => selected.has(calendarPublicId(r)));
}

/**
 * Refreshes before a read when the cache is stale and auto_sync is on (with it off, only the
 * refresh button or `refresh=true` fetches), or always when `force`. Returns what it read, for
 * `eventsInRange` (a read is then four queries: connections, settings, calendars, events).
 */
export async function refreshForRead(ctx: AppContext, userId: number, force: boolean): Promise<ReadState> {
  const connections = await assertNotExpired(ctx.db, userId);
  const settings = await settingsRepo.getSyncSettings(ctx.db, userId);
  if (!force && !autoSyncOf(settings)) return { settings };
  try {
    await refreshUser(ctx, userId, { force, connections });
  } catch (err) {
    throw asHttpError(err);
  }
  return { settings };
}

export interface RangeQuery {
  fromDate: string;
  toDate: string;
  maxResults: number;
  zone: string;
}

type RangeRead<R> = (
  db: Db,
  userId: number,
  r: { start: string; end: string; fromDate: string; toDate: string },
) => Promise<R[]>;

/**
 * A range's shown calendars by row id (the query's dates checked), and `read`, which reads their
 * cached events of the range with `f` (with or without their stored details).
 */
async function rangeOf(ctx: AppContext, userId: number, q: RangeQuery, known: ReadState | undefined) {
  if (q.toDate < q.fromDate) throw new HttpError(400, 'endDate must not be before startDate');
  if (addDays(q.fromDate, 800) < q.toDate) throw new HttpError(400, 'The date range may span at most 800 days');
  const calendars = await shownCalendars(ctx.db, userId, known);
  const range = { ...dayRangeInZone(q.fromDate, q.toDate, q.zone), fromDate: q.fromDate, toDate: q.toDate };
  const byId = new Map(calendars.map((c) => [c.id, eventCalendarOf(c)]));
  const read = async <R extends repo.EventKeyRow>(f: RangeRead<R>): Promise<R[]> =>
    calendars.length === 0 ? [] : (await f(ctx.db, userId, range)).filter((r) => byId.has(r.calendar_row_id));
  return { byId, read };
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const bySortKey = (a: WrittenEvent, b: WrittenEvent) =>
  a.extra.sortKey < b.extra.sortKey ? -1 : a.extra.sortKey > b.extra.sortKey ? 1 : 0;

export async function eventsInRange(
  ctx: AppContext,
  userId: number,
  q: RangeQuery,
  known?: ReadState,
): Promise<CalendarEvent[]> {
  const { byId, read } = await rangeOf(ctx, userId, q, known);
  const rows = await read(repo.eventsInRange);
  // Each start is written in the zone once: its day sorts, and the same text is the event's start.
  return rows
    .map((r) => {
      const start = r.start_at === null ? undefined : isoInZone(r.start_at, q.zone);
      return { r, start, key: eventSortKey(r, q.zone, start) };
    })
    .sort(byKey)
    .slice(0, q.maxResults)
    .map(({ r, start }) => presentEvent(r, byId.get(r.calendar_row_id) as EventCalendarRef, q.zone, start));
}

/** A range's events without their stored details, and each one's calendar as it is written. */
async function rangeKeys(ctx: AppContext, userId: number, q: RangeQuery, known: ReadState | undefined) {
  const { byId, read } = await rangeOf(ctx, userId, q, known);
  const calendars = new Map([...byId].map(([id, c]) => [id, writtenCalendarOf(c)]));
  const calendarOf = (r: repo.EventKeyRow) => calendars.get(r.calendar_row_id) as WrittenCalendar;
  return { rows: await read(repo.eventKeysInRange), calendarOf, read };
}

/**
 * The range's events as kept, checked against its rows without their stored details (most of
 * what a full read reads); if any is missing (a first read, a sync since), the range is read
 * again in full and written. Returns the rows the events were written from.
 */
async function writtenEvents(q: RangeQuery, { rows, calendarOf, read }: Awaited<ReturnType<typeof rangeKeys>>) {
  const kept = rows.map((r) => keptEvent(r, calendarOf(r), q.zone));
  if (!kept.includes(undefined)) return { rows, events: kept as WrittenEvent[] };
  const full = await read(repo.eventsInRange);
  return { rows: full, events: full.map((r) => writtenEvent(r, calendarOf(r), q.zone)) };
}

/**
 * The same events as `eventsInRange`, in the same order, each as its JSON written once and reused
 * while nothing it is written from changes (`writtenEvent`), so a view read again costs little
 * more than its query.
 */
export async function eventsInRangeWritten(
  ctx: AppContext,
  userId: number,
  q: RangeQuery,
  known?: ReadState,
): Promise<WrittenEvent[]> {
  const { events } = await writtenEvents(q, await rangeKeys(ctx, userId, q, known));
  return events.sort(bySortKey).slice(0, q.maxResults);
}

/**
 * Range answers kept whole, per user and dates (`writtenOnce`): a calendar view asks for the same
 * week or month again and again, and joining 500 kept events into a new 250 KB answer each time
 * cost more than the query. An answer is reused only while it would be written from the same
 * rows (ids), calendars, zone and limit.
 */
const keptRanges = writtenOnce(16 * 1024 * 1024);

const rangeInputs = (q: RangeQuery, rows: repo.EventKeyRow[], calendarOf: (r: repo.EventKeyRow) => WrittenCalendar) => {
  const inputs: unknown[] = [q.zone, q.maxResults];
  for (const r of rows) inputs.push(r.id, calendarOf(r).key);
  return inputs;
};

/** The same events as `eventsInRange` as the response's JSON (UTF-8 bytes). */
export async function eventsInRangeJson(
  ctx: AppContext,
  userId: number,
  q: RangeQuery,
  known?: ReadState,
): Promise<Buffer> {
  const keys = await rangeKeys(ctx, userId, q, known);
  const key = `${userId}\u0000${q.fromDate}\u0000${q.toDate}`;
  const inputs = rangeInputs(q, keys.rows, keys.calendarOf);
  const kept = keptRanges.peek(key, inputs);
  if (kept) return kept.json;
  const { rows, events } = await writtenEvents(q, keys);
  const json = jsonArrayOf(
    events
      .sort(bySortKey)
      .slice(0, q.maxResults)
      .map((w) => w.json),
  );
  // Read again in full after a miss, the rows may differ from those checked (a sync between).
  const written = rows === keys.rows ? inputs : rangeInputs(q, rows, keys.calendarOf);
  return keptRanges(key, written, () => ({ text: json, extra: undefined })).json;
}

// ---- connections ----

async function saveNewConnection(
  ctx: AppContext,
  userId: number,
  c: {
    provider: 'caldav' | 'ics' | 'google';
    label: string;
    credentials: unknown;
    replace: boolean;
    /** Throws when the new connection may not join these (a subscription already there). */
    refuse?: (current: repo.ConnectionRow[]) => void;
  },
) {
  const provider = providerOf(c.provider);
  const pctx = await providerContext(ctx, userId, null);
  // Checked before anything is saved: nothing half-connected is kept.
  const remote = await provider.listCalendars(c.credentials, pctx);
  const sealed = secretBox(ctx.config).seal(c.credentials);
  const id = await ctx.db.transaction().execute(async (trx) => {
    // One new connection of a user's at a time: what it replaces, or is refused beside, is read
    // after any other being saved at once has been (two subscriptions to one URL at once were
    // both kept on PostgreSQL).
    await lockForUser(trx, 'calendarConnections', userId);
    const current = await repo.listConnections(trx, userId);
    c.refuse?.(current);
    for (const p of c.replace ? current.filter((x) => x.provider === c.provider) : [])
      await repo.deleteConnection(trx, userId, p.id);
    const newId = await repo.insertConnection(trx, userId, {
      provider: c.provider,
      label: c.label,
      credentials: sealed,
    });
    await repo.syncCalendarRows(trx, userId, newId, calendarValues(remote));
    return newId;
  });
  const conn = (await repo.getConnection(ctx.db, userId, id)) as repo.ConnectionRow;
  try {
    await refreshConnection(ctx, userId, conn);
  } catch (err) {
    await repo.deleteConnection(ctx.db, userId, id);
    throw err;
  }
  return presentConnection((await repo.getConnection(ctx.db, userId, id)) as repo.ConnectionRow);
}

export async function connectCaldav(
  ctx: AppContext,
  userId: number,
  body: { url: string; username: string; password: string },
) {
  const host = new URL(body.url).host;
  try {
    return await saveNewConnection(ctx, userId, {
      provider: 'caldav',
      label: `${body.username} at ${host}`,
      credentials: { url: body.url, username: body.username, password: body.password },
      replace: true,
    });
  } catch (err) {
    if (err instanceof CalendarError) throw new HttpError(400, err.message);
    throw err;
  }
}

export async function connectIcs(ctx: AppContext, userId: number, body: { url: string; name: string }) {
  const url = body.url.replace(/^webcal:/i, 'https:');
  const box = secretBox(ctx.config);
  const refuse = (current: repo.ConnectionRow[]) => {
    if (current.some((c) => c.provider === 'ics' && box.open<{ url: string }>(c.credentials).url === url))
      throw new HttpError(400, 'This calendar URL is already subscribed');
  };
  // Checked before the feed is fetched, and again as the subscription is saved.
  refuse(await repo.listConnections(ctx.db, userId));
  try {
    return await saveNewConnection(ctx, userId, {
      provider: 'ics',
      label: body.name,
      credentials: { url, name: body.name },
      replace: false,
      refuse,
    });
  } catch (err) {
    if (err instanceof CalendarError) throw new HttpError(400, err.message);
    throw err;
  }
}

export { saveNewConnection };

export async function disconnect(ctx: AppContext, userId: number, provider: string, id?: number) {
  const connections = (await repo.listConnections(ctx.db, userId)).filter(
    (c) => c.provider === provider && (id === undefined || c.id === id),
  );
  if (id !== undefined && connections.length === 0) throw notFound('Calendar connection not found');
  for (const c of connections) {
    const p = providerOf(c.provider);
    if (p.revoke) {
      try {
        await p.revoke(secretBox(ctx.config).open(c.credentials), ctx.config);
      } catch {}
    }
    await repo.deleteConnection(ctx.db, userId, c.id);
  }
  return connections.length;
}

export async function refreshAll(ctx: AppContext, userId: number) {
  await refreshForRead(ctx, userId, true);
  const settings = await getSyncSettings(ctx.db, userId);
  return { last_sync_time: settings.last_sync_time, events: await repo.countEvents(ctx.db, userId) };
}
