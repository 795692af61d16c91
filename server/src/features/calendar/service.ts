import type { CalendarEvent, JournalTitle, SaveSyncSettings, SyncSettings } from '#common/api/calendar.js';
import { addDays } from '#common/time.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { lockForUser } from '../../db/userLock.js';
import { HttpError, notFound } from '../../http/errors.js';
import { jsonArrayOf, writtenOnce } from '../../http/writtenOnce.js';
import { secretBox } from '../../secrets.js';
import { dayRangeInZone } from '../../time/dayStarts.js';
import { type LinksByEvent, linksKey, transcriptLinks } from '../transcripts/eventLinks.js';
import { keptEvent, type WrittenCalendar, type WrittenEvent, writtenCalendarOf, writtenEvent } from './eventJson.js';
import { assertUsable, expiredError, isUsable } from './expiry.js';
import {
  calendarPublicId,
  type EventCalendarRef,
  eventCalendarOf,
  eventSortKey,
  presentCalendar,
  presentConnection,
  presentEvent,
} from './present.js';
import { providerOf } from './providers/providers.js';
import { CalendarAuthExpired, CalendarError, type OwnKind } from './providers/types.js';
import { isoInZone } from './providers/zoneFormat.js';
import * as repo from './repo.js';
import * as settingsRepo from './settingsRepo.js';
import { calendarValues, providerContext, refreshConnection, refreshUser } from './sync.js';

/** A provider failure as an answer: expiry → 401 AUTH_EXPIRED, a named failure → 502, else rethrown. */
export function asHttpError(err: unknown): unknown {
  if (err instanceof CalendarAuthExpired) return expiredError();
  if (err instanceof CalendarError) return new HttpError(502, err.message);
  return err;
}

/**
 * The calendar-connection check (§7 is-authenticated): true when at least one connection works,
 * that is when the data calls answer with events; an expired Google connection beside a working
 * CalDAV or .ics one does not make it false (the screens tell the expiry from the connections).
 */
export async function isAuthenticated(db: Db, userId: number): Promise<boolean> {
  return (await repo.listConnections(db, userId)).some(isUsable);
}

/** The stored read issues of the user's calendars, per connection. */
async function readIssuesByConnection(db: Db, userId: number) {
  const byConnection = new Map<number, string[]>();
  for (const r of await repo.readIssuesOf(db, userId)) {
    if (r.read_issues === null) continue;
    const list = byConnection.get(r.connection_id) ?? [];
    list.push(r.read_issues);
    byConnection.set(r.connection_id, list);
  }
  return byConnection;
}

export async function listConnections(ctx: AppContext, userId: number) {
  const connections = await repo.listConnections(ctx.db, userId);
  const issues = await readIssuesByConnection(ctx.db, userId);
  return {
    connections: connections.map((c) => presentConnection(c, issues.get(c.id))),
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
  const row = await settingsRepo.getSyncSettings(db, userId);
  return { ...switchesOf(row), journal_title: journalTitleOf(row) };
}

/** What a journal day's entry is titled; anything but the choice of the goal reads as the private default. */
export const journalTitleOf = (row: settingsRepo.SyncSettingsRow | undefined): JournalTitle =>
  row?.journal_title === 'goal' ? 'goal' : 'journal';

/**
 * The calendar Daymark writes entries of a kind to, among the writable calendars of usable
 * connections: workouts to the first selected one, else the primary one, else the first one; the
 * journal to the calendar the user chose for it (none while that one cannot take events: a
 * journal is never written to another calendar than the one chosen), else as workouts.
 */
export function writeTargetOf(
  rows: readonly repo.CalendarRow[],
  settings: settingsRepo.SyncSettingsRow | undefined,
  kind: OwnKind,
): repo.CalendarRow | undefined {
  const writable = rows.filter((r) => r.writable === 1 && isUsable(r));
  const chosen = kind === 'journal' ? settings?.journal_calendar : null;
  if (chosen) return writable.find((r) => calendarPublicId(r) === chosen);
  const selected = selectedOf(settings);
  return (
    writable.find((r) => selected.includes(calendarPublicId(r))) ??
    writable.find((r) => r.is_primary === 1) ??
    writable[0]
  );
}

const targetRef = (r: repo.CalendarRow | undefined) => (r ? { id: calendarPublicId(r), summary: r.summary } : null);

export async function getSyncSettings(db: Db, userId: number): Promise<SyncSettings> {
  const row = await settingsRepo.getSyncSettings(db, userId);
  const connections = await repo.listConnections(db, userId);
  const calendars = await repo.listCalendarRows(db, userId);
  const times = connections.map((c) => c.last_sync_time).filter((t): t is string => t !== null);
  const selected = selectedOf(row);
  return {
    auto_sync: autoSyncOf(row),
    ...switchesOf(row),
    selected_calendars: selected,
    journal_calendar: row?.journal_calendar ?? null,
    journal_title: journalTitleOf(row),
    targets: {
      workouts: targetRef(writeTargetOf(calendars, row, 'workout')),
      journal: targetRef(writeTargetOf(calendars, row, 'journal')),
    },
    last_sync_time: times.sort().at(-1) ?? null,
  };
}

export async function saveSyncSettings(db: Db, userId: number, body: SaveSyncSettings): Promise<SyncSettings> {
  const rows = await repo.listCalendarRows(db, userId);
  const known = new Set(rows.map(calendarPublicId));
  const unknown = body.selected_calendars.find((id) => !known.has(id));
  if (unknown !== undefined) throw new HttpError(400, `Unknown calendar: ${unknown.slice(0, 200)}`);
  const current = await settingsRepo.getSyncSettings(db, userId);
  const journalCalendar =
    body.journal_calendar === undefined ? (current?.journal_calendar ?? null) : body.journal_calendar;
  if (body.journal_calendar && !rows.some((r) => r.writable === 1 && calendarPublicId(r) === body.journal_calendar))
    throw new HttpError(400, 'The journal can only go to a connected calendar that accepts events');
  await settingsRepo.saveSyncSettings(db, userId, {
    auto_sync: body.auto_sync ? 1 : 0,
    sync_workouts: body.sync_workouts ? 1 : 0,
    sync_journal: body.sync_journal ? 1 : 0,
    selected_calendars: JSON.stringify([...new Set(body.selected_calendars)]),
    journal_calendar: journalCalendar,
    journal_title: body.journal_title ?? journalTitleOf(current),
  });
  return getSyncSettings(db, userId);
}

// ---- reads ----

/**
 * Every calendar of the user's connections, each saying whether its connection expired (its
 * events are then not shown, but it stays in the selection, which survives a reconnect).
 */
export async function listCalendars(db: Db, userId: number) {
  assertUsable(await repo.listConnections(db, userId));
  return (await repo.listCalendarRows(db, userId)).map(presentCalendar);
}

/** What a read has already loaded, so the events query is not preceded by the same reads twice. */
export interface ReadState {
  settings: settingsRepo.SyncSettingsRow | undefined;
}

/**
 * The calendars whose events are shown: those of the usable connections (an expired one's events
 * can no longer be kept current), the selected ones among them, or all when none is selected.
 */
function shownOf(rows: repo.CalendarRow[], settings: settingsRepo.SyncSettingsRow | undefined) {
  const usable = rows.filter(isUsable);
  const selectedIds = selectedOf(settings);
  if (selectedIds.length === 0) return usable;
  const selected = new Set(selectedIds);
  return usable.filter((r) => selected.has(calendarPublicId(r)));
}

/**
 * Refreshes before a read when the cache is stale and auto_sync is on (with it off, only the
 * refresh button or `refresh=true` fetches), or always when `force`. Returns what it read, for
 * `eventsInRange` (a read is then four queries: connections, settings, calendars, events).
 * Answers AUTH_EXPIRED when no usable connection remains, before the refresh or because one
 * expired during it; otherwise the usable connections are served.
 */
export async function refreshForRead(ctx: AppContext, userId: number, force: boolean): Promise<ReadState> {
  const connections = await repo.listConnections(ctx.db, userId);
  assertUsable(connections);
  const settings = await settingsRepo.getSyncSettings(ctx.db, userId);
  if (!force && !autoSyncOf(settings)) return { settings };
  let expiredNow: boolean;
  try {
    expiredNow = await refreshUser(ctx, userId, { force, connections });
  } catch (err) {
    throw asHttpError(err);
  }
  if (expiredNow) assertUsable(await repo.listConnections(ctx.db, userId));
  return { settings };
}

export interface RangeQuery {
  fromDate: string;
  toDate: string;
  maxResults: number;
  zone: string;
}

/** The query's dates checked, and the instants and dates its events are read by. */
function rangeBounds(q: RangeQuery) {
  if (q.toDate < q.fromDate) throw new HttpError(400, 'endDate must not be before startDate');
  if (addDays(q.fromDate, 800) < q.toDate) throw new HttpError(400, 'The date range may span at most 800 days');
  // Field by field: a spread of a new object into a literal measured 1.3 µs, most of this function.
  const { start, end } = dayRangeInZone(q.fromDate, q.toDate, q.zone);
  return { start, end, fromDate: q.fromDate, toDate: q.toDate };
}

/** A range's shown calendars by row id and their cached events of the range (the query's dates checked). */
async function shownEventsOf(ctx: AppContext, userId: number, q: RangeQuery, known: ReadState | undefined) {
  const range = rangeBounds(q);
  const rows = await repo.listCalendarRows(ctx.db, userId);
  const calendars = shownOf(rows, known ? known.settings : await settingsRepo.getSyncSettings(ctx.db, userId));
  const byId = new Map(calendars.map((c) => [c.id, eventCalendarOf(c)]));
  const events =
    calendars.length === 0
      ? []
      : (await repo.eventsInRange(ctx.db, userId, range)).filter((r) => byId.has(r.calendar_row_id));
  return { byId, rows: events };
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
  const { byId, rows } = await shownEventsOf(ctx, userId, q, known);
  // Each start is written in the zone once: its day sorts, and the same text is the event's start.
  const shown = rows
    .map((r) => {
      const start = r.start_at === null ? undefined : isoInZone(r.start_at, q.zone);
      return { r, start, key: eventSortKey(r, q.zone, start) };
    })
    .sort(byKey)
    .slice(0, q.maxResults);
  const links = await transcriptLinks(
    ctx.db,
    userId,
    shown.map(({ r }) => r.event_id),
  );
  return shown.map(({ r, start }) =>
    presentEvent(r, byId.get(r.calendar_row_id) as EventCalendarRef, q.zone, start, links),
  );
}

/** Events that are meetings: Daymark's own entries (a workout, a journal day) and declined invitations left out. */
export const meetingsOf = <E extends Pick<CalendarEvent, 'daymark' | 'declined'>>(events: readonly E[]): E[] =>
  events.filter((e) => e.daymark === null && !e.declined);

/**
 * Range answers kept whole, per user and dates (`writtenOnce`): a calendar view asks for the same
 * week or month again and again, and joining 500 kept events into a new 250 KB answer each time
 * cost more than the query. An answer is reused only while it would be written from the same
 * rows (`RangeRead.inputs`).
 */
const keptRanges = writtenOnce(16 * 1024 * 1024);

/** A range read without its events' stored details: what an answer holding it is written from. */
export interface RangeRead {
  /**
   * Everything the range's events are written from: the zone and limit, which calendars are
   * selected, each calendar's row (what an event names of it) and each event's row id (a row is
   * never updated in place, see `EventRow`), calendar and the transcripts that reference it.
   */
  inputs: readonly unknown[];
  /**
   * The same events as `eventsInRange`, in the same order, each as its JSON written once and
   * reused while nothing it is written from changes (`writtenEvent`); with the inputs of the rows
   * they were written from (read again in full when any was not kept: a sync may have come between).
   */
  written(): Promise<{ events: WrittenEvent[]; inputs: readonly unknown[] }>;
}

/**
 * A range's events as the rows an answer is written from, without their stored details (most of
 * a full read): an answer kept whole (a range, the overview) is reused while `inputs` is the same,
 * and only otherwise are the events written (`written`). Three plain reads and a list of
 * values: the overview and every calendar view come this way on each visit.
 */
export async function rangeRead(ctx: AppContext, userId: number, q: RangeQuery, known?: ReadState): Promise<RangeRead> {
  const range = rangeBounds(q);
  const calendars = await repo.listCalendarRows(ctx.db, userId);
  const settings = known ? known.settings : await settingsRepo.getSyncSettings(ctx.db, userId);
  const rows = calendars.length === 0 ? [] : await repo.eventKeysInRange(ctx.db, userId, range);
  const links = await transcriptLinks(
    ctx.db,
    userId,
    rows.map((r) => r.event_id),
  );
  const inputsOf = (events: readonly repo.EventKeyRow[], linked: LinksByEvent) => {
    const inputs: unknown[] = [q.zone, q.maxResults, settings?.selected_calendars ?? null, calendars.length];
    for (const c of calendars)
      inputs.push(c.id, c.status, c.provider, c.remote_id, c.summary, c.background_color, c.foreground_color);
    for (const r of events) inputs.push(r.id, r.calendar_row_id, linksKey(linked.get(r.event_id)));
    return inputs;
  };
  const inputs = inputsOf(rows, links);
  return {
    inputs,
    async written() {
      const shown = new Map(shownOf(calendars, settings).map((c) => [c.id, writtenCalendarOf(eventCalendarOf(c))]));
      const calendarOf = (r: repo.EventKeyRow) => shown.get(r.calendar_row_id) as WrittenCalendar;
      const kept = rows
        .filter((r) => shown.has(r.calendar_row_id))
        .map((r) => keptEvent(r, calendarOf(r), q.zone, links));
      // With no calendars there are no rows, so nothing is missing: a miss always has calendars.
      if (!kept.includes(undefined)) return { events: byStart(kept as WrittenEvent[], q), inputs };
      const full = await repo.eventsInRange(ctx.db, userId, range);
      const linked = await transcriptLinks(
        ctx.db,
        userId,
        full.map((r) => r.event_id),
      );
      const events = full
        .filter((r) => shown.has(r.calendar_row_id))
        .map((r) => writtenEvent(r, calendarOf(r), q.zone, linked));
      return { events: byStart(events, q), inputs: inputsOf(full, linked) };
    },
  };
}

const byStart = (events: WrittenEvent[], q: RangeQuery) => events.sort(bySortKey).slice(0, q.maxResults);

/** The same events as `eventsInRange` as the response's JSON (UTF-8 bytes). */
export async function eventsInRangeJson(
  ctx: AppContext,
  userId: number,
  q: RangeQuery,
  known?: ReadState,
): Promise<Buffer> {
  const range = await rangeRead(ctx, userId, q, known);
  const key = `${userId}\u0000${q.fromDate}\u0000${q.toDate}`;
  const kept = keptRanges.peek(key, range.inputs);
  if (kept) return kept.json;
  const { events, inputs } = await range.written();
  const json = jsonArrayOf(events.map((w) => w.json));
  return keptRanges(key, inputs, () => ({ text: json, extra: undefined })).json;
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
  const issues = await readIssuesByConnection(ctx.db, userId);
  return presentConnection((await repo.getConnection(ctx.db, userId, id)) as repo.ConnectionRow, issues.get(id));
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
