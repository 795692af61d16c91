import crypto from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { derivedKey } from '../../secrets.js';
import { providerOf } from './providers/providers.js';
import { OWN_KINDS, type OwnKind, type ProviderEvent } from './providers/types.js';
import * as writtenRepo from './writtenRepo.js';

/**
 * Daymark's own calendar entries (the workout of a day, the journal of a day, writeback.ts)
 * recognised among a calendar's events, so that no screen, coach or tool takes them for
 * meetings. Never by title: a meeting of the user's may well be called "Workout: …". An event is
 * Daymark's when
 * - its id is one a write of Daymark's stored for this calendar (`calendar_written_events`,
 *   which also holds events written before ids were Daymark's own choice), or
 * - its id is the one Daymark gives the item of its day (`itemName` of the user, the kind and
 *   the date): an all-day event whose Google id is that name, or whose iCalendar UID is
 *   `daymark-` and that name (CalDAV, and an .ics subscription of the same calendar). These ids
 *   come from the installation's secret key, so no other event has them, and they are found
 *   again after a reconnect has dropped the written rows.
 * The refresh that caches an event marks it (`ProviderEvent.daymark`); screens show the mark on
 * the calendar itself and leave such events out of every list of meetings.
 */

/** 32 hex digits naming an item on this installation: a CalDAV file name and a Google event id alike. */
export function itemName(config: Pick<Config, 'secretKey' | 'dataDir'>, userId: number, item: writtenRepo.Item) {
  return crypto
    .createHmac('sha256', derivedKey(config, 'calendar written items'))
    .update(JSON.stringify([userId, item.kind, item.item_key]))
    .digest('hex')
    .slice(0, 32);
}

const isOwnKind = (kind: string): kind is OwnKind => (OWN_KINDS as readonly string[]).includes(kind);
// Anchored both ends and tried on the id's last 32 characters only: no backtracking over a long id.
const NAME = /^[0-9a-f]{32}$/;
const endsWithName = (id: string) => id.length >= 32 && NAME.test(id.slice(-32));

/** What of a calendar's events Daymark wrote: a function of each event, read once per refresh of the calendar. */
export async function ownEventMarker(
  db: Db,
  config: Pick<Config, 'secretKey' | 'dataDir'>,
  userId: number,
  calendar: { id: number; provider: string },
): Promise<(e: ProviderEvent) => OwnKind | undefined> {
  const provider = providerOf(calendar.provider);
  const written = new Map<string, OwnKind>();
  for (const w of await writtenRepo.writtenOn(db, userId, calendar.id)) {
    if (isOwnKind(w.kind) && provider.cachedEventIdOf) written.set(provider.cachedEventIdOf(w.remote_event_id), w.kind);
  }
  return (e) => {
    const known = written.get(e.id);
    if (known) return known;
    if (!e.allDay || !e.startDate || e.recurringEventId || !endsWithName(e.id)) return undefined;
    for (const kind of OWN_KINDS) {
      const name = itemName(config, userId, { kind, item_key: e.startDate });
      if (e.id === name || e.id === `daymark-${name}`) return kind;
    }
    return undefined;
  };
}

/** The events marked as Daymark's own, in place; returns the same list. */
export function markOwn(events: ProviderEvent[], mark: (e: ProviderEvent) => OwnKind | undefined): ProviderEvent[] {
  for (const e of events) {
    const kind = mark(e);
    if (kind) e.daymark = kind;
    else delete e.daymark;
  }
  return events;
}

/**
 * The events written for the items of a kind, by item key: the id the cache reads each under
 * (`ProviderEvent.id`), so a feature finds its own event among the cached ones (a training
 * session moved by the user in their calendar).
 */
export async function writtenEventIds(db: Db, userId: number, kind: OwnKind): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('calendar_written_events as w')
    .innerJoin('calendar_calendars as c', 'c.id', 'w.calendar_row_id')
    .innerJoin('calendar_connections as k', 'k.id', 'c.connection_id')
    .select(['w.item_key', 'w.remote_event_id', 'k.provider'])
    .where('w.user_id', '=', userId)
    .where('w.kind', '=', kind)
    .where('w.state', '=', 'written')
    .execute();
  const ids = new Map<string, string>();
  for (const r of rows) {
    const provider = providerOf(r.provider);
    if (provider.cachedEventIdOf) ids.set(r.item_key, provider.cachedEventIdOf(r.remote_event_id));
  }
  return ids;
}
