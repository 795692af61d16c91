import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { secretBox } from '../../secrets.js';
import { userTimeZone } from '../../time/userZone.js';
import { markOwn, ownEventMarker } from './ownEvents.js';
import { normalizeColor, paletteColor, textColorOn } from './providers/colors.js';
import { providerOf } from './providers/providers.js';
import {
  CalendarAuthExpired,
  CalendarError,
  type CalendarProviderImpl,
  type ProviderContext,
  type ReadIssues,
  type RemoteCalendar,
} from './providers/types.js';
import * as repo from './repo.js';

/**
 * The cache refresh. Events overlapping the window (CACHE_DAYS_BACK days back to CACHE_DAYS_AHEAD
 * ahead) are kept per user; a connection refreshed less than STALE_MS ago is fresh. A calendar
 * whose provider version is unchanged (CalDAV getctag, .ics ETag/SHA-256) is not fetched again;
 * Google sends only what changed since its syncToken.
 */
export const CACHE_DAYS_BACK = 370;
export const CACHE_DAYS_AHEAD = 190;
export const STALE_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export function cacheWindow(now = Date.now()) {
  return { start: new Date(now - CACHE_DAYS_BACK * DAY_MS), end: new Date(now + CACHE_DAYS_AHEAD * DAY_MS) };
}

/** The context a provider call runs in; refreshed credentials are sealed and stored at once. */
export async function providerContext(
  ctx: AppContext,
  userId: number,
  connectionId: number | null,
): Promise<ProviderContext> {
  const box = secretBox(ctx.config);
  return {
    config: ctx.config,
    timeZone: await userTimeZone(ctx.db, userId),
    window: cacheWindow(),
    async onCredentials(credentials) {
      if (connectionId !== null) {
        await repo.updateConnection(ctx.db, userId, connectionId, { credentials: box.seal(credentials) });
      }
    },
  };
}

/** The stored values of a provider's calendars: colours normalised, or taken from the palette. */
export function calendarValues(list: RemoteCalendar[]): repo.CalendarValues[] {
  return list.map((c, i) => {
    const bg = normalizeColor(c.backgroundColor) ?? paletteColor(i);
    return {
      remote_id: c.remoteId,
      summary: c.summary,
      background_color: bg,
      foreground_color: normalizeColor(c.foregroundColor) ?? textColorOn(bg),
      writable: c.writable ? 1 : 0,
      is_primary: c.primary ? 1 : 0,
    };
  });
}

/** What a reading could not read, as stored: null when it read everything. */
function readIssuesJson(issues: ReadIssues | undefined): string | null {
  if (!issues || (issues.skipped === 0 && issues.unknownZones.length === 0)) return null;
  return JSON.stringify(issues);
}

/** Fetches the connection's calendars and events into the cache; records the outcome on the connection. */
async function refreshNow(ctx: AppContext, userId: number, conn: repo.ConnectionRow): Promise<void> {
  const box = secretBox(ctx.config);
  const provider: CalendarProviderImpl = providerOf(conn.provider);
  const credentials = box.open<unknown>(conn.credentials);
  const pctx = await providerContext(ctx, userId, conn.id);
  try {
    const remote = await provider.listCalendars(credentials, pctx);
    const rows = await repo.syncCalendarRows(ctx.db, userId, conn.id, calendarValues(remote));
    for (const row of rows) {
      const cal = remote.find((r) => r.remoteId === row.remote_id);
      if (!cal) continue;
      const changes = await provider.fetchChanges(credentials, cal, row.sync_state, pctx);
      // Daymark's own entries are marked as they are cached (ownEvents.ts).
      if (changes.kind !== 'unchanged')
        markOwn(changes.events, await ownEventMarker(ctx.db, ctx.config, userId, { ...row, provider: conn.provider }));
      await ctx.db.transaction().execute(async (trx) => {
        if (changes.kind === 'replace') await repo.replaceEvents(trx, userId, row.id, changes.events);
        else if (changes.kind === 'delta')
          await repo.applyEventDelta(trx, userId, row.id, changes.events, changes.removed);
        const issues = changes.kind === 'replace' ? readIssuesJson(changes.issues) : undefined;
        await repo.setCalendarState(trx, userId, row.id, changes.state, issues);
      });
    }
    await repo.updateConnection(ctx.db, userId, conn.id, {
      status: 'connected',
      last_sync_time: nowIso(),
      last_error: null,
    });
  } catch (err) {
    if (err instanceof CalendarAuthExpired) {
      await repo.updateConnection(ctx.db, userId, conn.id, { status: 'expired', last_error: 'Authorization expired' });
    } else {
      const message = err instanceof CalendarError ? err.message : 'The calendar could not be refreshed';
      await repo.updateConnection(ctx.db, userId, conn.id, { last_error: message });
    }
    throw err;
  }
}

// One refresh per connection at a time: a second caller waits for the running one.
const running = new Map<number, Promise<void>>();

export function refreshConnection(ctx: AppContext, userId: number, conn: repo.ConnectionRow): Promise<void> {
  const current = running.get(conn.id);
  if (current) return current;
  const p = refreshNow(ctx, userId, conn).finally(() => running.delete(conn.id));
  running.set(conn.id, p);
  return p;
}

/**
 * Refreshes the user's connected calendars that are stale (or all with `force`), each on its
 * own: one that fails or expires does not keep the others from being refreshed. Failures are
 * recorded on the connection; with `force` (the user asked) the first failure other than an
 * expiry is thrown once all were tried, else the cache is served as it is. Returns whether a
 * connection expired during this refresh (the caller then checks that one still works).
 */
/**
 * Work that follows a refresh of a user's calendars (the training week defends its sessions),
 * registered by the features that need it; a failure there never fails the refresh.
 */
type AfterRefresh = (ctx: AppContext, userId: number) => Promise<unknown>;
const afterRefresh: AfterRefresh[] = [];
export function onCalendarsRefreshed(hook: AfterRefresh) {
  if (!afterRefresh.includes(hook)) afterRefresh.push(hook);
}

export async function refreshUser(
  ctx: AppContext,
  userId: number,
  opts: { force: boolean; now?: number; connections?: repo.ConnectionRow[] },
): Promise<boolean> {
  const now = opts.now ?? Date.now();
  const connections = opts.connections ?? (await repo.listConnections(ctx.db, userId));
  let expired = false;
  let failure: { err: unknown } | null = null;
  let refreshed = false;
  for (const conn of connections) {
    if (conn.status !== 'connected') continue;
    const fresh = conn.last_sync_time && now - Date.parse(conn.last_sync_time) < STALE_MS;
    if (fresh && !opts.force) continue;
    try {
      await refreshConnection(ctx, userId, conn);
      refreshed = true;
    } catch (err) {
      if (err instanceof CalendarAuthExpired) expired = true;
      else if (opts.force) failure ??= { err };
    }
  }
  if (refreshed) {
    for (const hook of afterRefresh) await hook(ctx, userId).catch(() => {});
  }
  if (failure) throw failure.err;
  return expired;
}
