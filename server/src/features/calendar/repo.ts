import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';
import type { ProviderEvent } from './providers/types.js';

/** The calendar feature's SQL, every query scoped to the user. */

export interface ConnectionRow {
  id: number;
  user_id: number;
  provider: string;
  label: string;
  credentials: string;
  status: string;
  last_sync_time: string | null;
  last_error: string | null;
  created_at: string;
}
const connectionColumns = [
  'id',
  'user_id',
  'provider',
  'label',
  'credentials',
  'status',
  'last_sync_time',
  'last_error',
  'created_at',
] as const;

// The reads of every calendar and overview request are compiled once (db/prepared.ts).
const connectionsQuery = prepared<{ userId: number }, ConnectionRow>((db, p) =>
  db.selectFrom('calendar_connections').select(connectionColumns).where('user_id', '=', p.userId).orderBy('id'),
);

export function listConnections(db: Db, userId: number): Promise<ConnectionRow[]> {
  return connectionsQuery.execute(db, { userId });
}

export function getConnection(db: Db, userId: number, id: number): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('calendar_connections')
    .select(connectionColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertConnection(
  db: Db,
  userId: number,
  c: { provider: string; label: string; credentials: string },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('calendar_connections')
    .values({
      user_id: userId,
      ...c,
      status: 'connected',
      last_sync_time: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConnection(
  db: Db,
  userId: number,
  id: number,
  set: Partial<Pick<ConnectionRow, 'status' | 'credentials' | 'last_sync_time' | 'last_error' | 'label'>>,
): Promise<void> {
  await db
    .updateTable('calendar_connections')
    .set({ ...set, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteConnection(db: Db, userId: number, id: number): Promise<void> {
  // Children first: PostgreSQL and SQLite both cascade, but SQLite only with foreign keys on.
  const calendars = db
    .selectFrom('calendar_calendars')
    .select('id')
    .where('connection_id', '=', id)
    .where('user_id', '=', userId);
  await db
    .deleteFrom('calendar_written_events')
    .where('user_id', '=', userId)
    .where('calendar_row_id', 'in', calendars)
    .execute();
  await db
    .deleteFrom('calendar_events')
    .where('user_id', '=', userId)
    .where('calendar_row_id', 'in', calendars)
    .execute();
  await db.deleteFrom('calendar_calendars').where('user_id', '=', userId).where('connection_id', '=', id).execute();
  await db.deleteFrom('calendar_connections').where('user_id', '=', userId).where('id', '=', id).execute();
}

export interface CalendarRow {
  id: number;
  connection_id: number;
  remote_id: string;
  summary: string;
  background_color: string;
  foreground_color: string;
  writable: number;
  is_primary: number;
  sync_state: string | null;
  provider: string;
  status: string;
}

const calendarRows = (db: Db) =>
  db
    .selectFrom('calendar_calendars as c')
    .innerJoin('calendar_connections as k', 'k.id', 'c.connection_id')
    .select([
      'c.id',
      'c.connection_id',
      'c.remote_id',
      'c.summary',
      'c.background_color',
      'c.foreground_color',
      'c.writable',
      'c.is_primary',
      'c.sync_state',
      'k.provider',
      'k.status',
    ]);
const calendarRowsQuery = prepared<{ userId: number }, CalendarRow>((db, p) =>
  calendarRows(db).where('c.user_id', '=', p.userId).orderBy('c.connection_id').orderBy('c.id'),
);

export function listCalendarRows(db: Db, userId: number, connectionId?: number): Promise<CalendarRow[]> {
  if (connectionId === undefined) return calendarRowsQuery.execute(db, { userId });
  return calendarRows(db)
    .where('c.user_id', '=', userId)
    .where('c.connection_id', '=', connectionId)
    .orderBy('c.id')
    .execute();
}

export type CalendarValues = Pick<
  CalendarRow,
  'remote_id' | 'summary' | 'background_color' | 'foreground_color' | 'writable' | 'is_primary'
>;

/** Makes the connection's calendars match `list`, keeping the rows (and cache) of those still there. */
export async function syncCalendarRows(
  db: Db,
  userId: number,
  connectionId: number,
  list: CalendarValues[],
): Promise<CalendarRow[]> {
  const existing = await listCalendarRows(db, userId, connectionId);
  const wanted = new Set(list.map((c) => c.remote_id));
  const gone = existing.filter((r) => !wanted.has(r.remote_id)).map((r) => r.id);
  if (gone.length) {
    await db
      .deleteFrom('calendar_written_events')
      .where('user_id', '=', userId)
      .where('calendar_row_id', 'in', gone)
      .execute();
    await db.deleteFrom('calendar_events').where('user_id', '=', userId).where('calendar_row_id', 'in', gone).execute();
    await db.deleteFrom('calendar_calendars').where('user_id', '=', userId).where('id', 'in', gone).execute();
  }
  for (const c of list) {
    const row = existing.find((r) => r.remote_id === c.remote_id);
    if (row) {
      await db
        .updateTable('calendar_calendars')
        .set(c)
        .where('id', '=', row.id)
        .where('user_id', '=', userId)
        .execute();
    } else {
      await db
        .insertInto('calendar_calendars')
        .values({ ...c, user_id: userId, connection_id: connectionId, sync_state: null })
        .execute();
    }
  }
  return listCalendarRows(db, userId, connectionId);
}

/**
 * A calendar's provider state after a refresh, and, when the calendar was read again, what that
 * reading could not read (`readIssues`: JSON or null; undefined leaves the stored issues).
 */
export async function setCalendarState(
  db: Db,
  userId: number,
  calendarRowId: number,
  state: string | null,
  readIssues?: string | null,
) {
  await db
    .updateTable('calendar_calendars')
    .set(readIssues === undefined ? { sync_state: state } : { sync_state: state, read_issues: readIssues })
    .where('user_id', '=', userId)
    .where('id', '=', calendarRowId)
    .execute();
}

function eventValues(userId: number, calendarRowId: number, e: ProviderEvent) {
  const { id, startAt, endAt, startDate, endDate, allDay: _a, ...rest } = e;
  return {
    user_id: userId,
    calendar_row_id: calendarRowId,
    event_id: id,
    start_at: startAt ?? null,
    end_at: endAt ?? null,
    start_date: startDate ?? null,
    end_date: endDate ?? null,
    data: JSON.stringify(rest),
  };
}

const CHUNK = 200;

async function insertEvents(db: Db, userId: number, calendarRowId: number, events: ProviderEvent[]) {
  for (let i = 0; i < events.length; i += CHUNK) {
    await db
      .insertInto('calendar_events')
      .values(events.slice(i, i + CHUNK).map((e) => eventValues(userId, calendarRowId, e)))
      .execute();
  }
}

export async function replaceEvents(db: Db, userId: number, calendarRowId: number, events: ProviderEvent[]) {
  await db
    .deleteFrom('calendar_events')
    .where('user_id', '=', userId)
    .where('calendar_row_id', '=', calendarRowId)
    .execute();
  await insertEvents(db, userId, calendarRowId, events);
}

/** Google's incremental changes: changed events replace their cached copy, removed ones go. */
export async function applyEventDelta(
  db: Db,
  userId: number,
  calendarRowId: number,
  events: ProviderEvent[],
  removed: string[],
) {
  const ids = [...removed, ...events.map((e) => e.id)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db
      .deleteFrom('calendar_events')
      .where('user_id', '=', userId)
      .where('calendar_row_id', '=', calendarRowId)
      .where('event_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
  }
  await insertEvents(db, userId, calendarRowId, events);
}

/**
 * An event row is never updated: a change from the provider deletes the row and inserts a new
 * one (`replaceEvents`, `applyEventDelta`), and ids are never reused (AUTOINCREMENT, a serial).
 * So a row's id stands for everything it holds, which lets kept texts be checked without reading
 * the stored details (`eventKeysInRange`).
 */
export interface EventRow extends EventKeyRow {
  data: string;
}

/** An event row without its stored details. */
export interface EventKeyRow {
  id: number;
  event_id: string;
  calendar_row_id: number;
  start_at: string | null;
  end_at: string | null;
  start_date: string | null;
  end_date: string | null;
}

/**
 * Cached events overlapping a range: timed events by instant ([start, end) UTC), all-day
 * events by date (`fromDate`..`toDate` inclusive), in the given calendars.
 */
type RangeParams = { userId: number; start: string; end: string; fromDate: string; toDate: string };
const KEY_COLUMNS = ['id', 'event_id', 'calendar_row_id', 'start_at', 'end_at', 'start_date', 'end_date'] as const;

const inRange = (db: Db, p: RangeParams) =>
  db
    .selectFrom('calendar_events')
    .where('user_id', '=', p.userId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('start_at', 'is not', null),
          eb('start_at', '<', p.end),
          eb.or([eb('end_at', '>', p.start), eb('start_at', '>=', p.start)]),
        ]),
        eb.and([eb('start_date', 'is not', null), eb('start_date', '<=', p.toDate), eb('end_date', '>', p.fromDate)]),
      ]),
    );

const eventsQuery = prepared<RangeParams, EventRow>((db, p) => inRange(db, p).select([...KEY_COLUMNS, 'data']));
const eventKeysQuery = prepared<RangeParams, EventKeyRow>((db, p) => inRange(db, p).select(KEY_COLUMNS));

/**
 * The user's cached events that overlap [start, end) (timed) or [fromDate, toDate] (all-day),
 * of every calendar: the caller keeps those of the calendars it shows (one statement compiled
 * once, instead of a list of calendar ids that changes its text).
 */
export function eventsInRange(
  db: Db,
  userId: number,
  r: { start: string; end: string; fromDate: string; toDate: string },
): Promise<EventRow[]> {
  return eventsQuery.execute(db, { userId, ...r });
}

/** The same events as `eventsInRange` without their stored details (most of what it reads). */
export function eventKeysInRange(
  db: Db,
  userId: number,
  r: { start: string; end: string; fromDate: string; toDate: string },
): Promise<EventKeyRow[]> {
  return eventKeysQuery.execute(db, { userId, ...r });
}

export async function countEvents(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('calendar_events')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The stored read issues of the user's calendars that have any (JSON), with their connection. */
export function readIssuesOf(db: Db, userId: number) {
  return db
    .selectFrom('calendar_calendars')
    .select(['connection_id', 'read_issues'])
    .where('user_id', '=', userId)
    .where('read_issues', 'is not', null)
    .orderBy('id')
    .execute();
}
