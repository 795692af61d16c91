import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';

/**
 * Events Daymark writes to a calendar, one row per kind and item (a workout's date, a journal
 * day, a training session), unique on (user_id, kind, item_key). The row is taken before the
 * event is written, with the id the event is to have, so a second write of the item finds it and
 * updates that event. A removal takes the row the same way, and deletes it once the event is gone.
 */

export interface WrittenRow {
  calendar_row_id: number;
  remote_event_id: string;
  etag: string | null;
  /** 'pending' until a write is known to have landed, then 'written'. */
  state: string;
}

export interface Item {
  kind: string;
  item_key: string;
}

/** A writer's hold on an item: its token, and until when it holds it (ISO instants). */
export interface Lease {
  token: string;
  now: string;
  until: string;
}

/**
 * Takes the item for one writer, in one statement: inserts its row (pending, on
 * `fresh.calendar_row_id`, with the event id `fresh.remote_event_id`) when there is none, else
 * takes the row's lease when no writer holds a live one. Returns the row when taken, nothing
 * when another writer (of any app instance) holds it. The unique key makes two writers of an
 * item that arrive together insert one row; the conflict's update runs on the row's latest
 * version (PostgreSQL locks the row; SQLite writes one at a time), so one of them gets it.
 */
export function takeItem(
  db: Db,
  userId: number,
  item: Item,
  fresh: { calendar_row_id: number; remote_event_id: string },
  lease: Lease,
): Promise<WrittenRow | undefined> {
  return db
    .insertInto('calendar_written_events')
    .values({
      user_id: userId,
      ...item,
      ...fresh,
      etag: null,
      state: 'pending',
      lease_token: lease.token,
      lease_until: lease.until,
      updated_at: lease.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'item_key'])
        .doUpdateSet({ lease_token: lease.token, lease_until: lease.until })
        .where((eb) =>
          eb.or([
            eb('calendar_written_events.lease_token', 'is', null),
            eb('calendar_written_events.lease_until', '<', lease.now),
          ]),
        ),
    )
    .returning(['calendar_row_id', 'remote_event_id', 'etag', 'state'])
    .executeTakeFirst();
}

/**
 * Takes the lease of the item's row, when it has one, for one writer (a removal, which has no
 * row to insert): returns the row when taken, nothing when there is no row or another writer (of
 * any app instance) holds a live lease (`hasItem` tells which). One statement, run on the row's
 * latest version, as `takeItem`'s update.
 */
export function takeExisting(db: Db, userId: number, item: Item, lease: Lease): Promise<WrittenRow | undefined> {
  return db
    .updateTable('calendar_written_events')
    .set({ lease_token: lease.token, lease_until: lease.until })
    .where('user_id', '=', userId)
    .where('kind', '=', item.kind)
    .where('item_key', '=', item.item_key)
    .where((eb) => eb.or([eb('lease_token', 'is', null), eb('lease_until', '<', lease.now)]))
    .returning(['calendar_row_id', 'remote_event_id', 'etag', 'state'])
    .executeTakeFirst();
}

/** Whether the item has a row (written, being written or being removed). */
export async function hasItem(db: Db, userId: number, item: Item): Promise<boolean> {
  const row = await db
    .selectFrom('calendar_written_events')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', item.kind)
    .where('item_key', '=', item.item_key)
    .executeTakeFirst();
  return row !== undefined;
}

/** The item held (by `token`) has no event any more: its row goes; a later write starts anew. */
export async function dropItem(db: Db, userId: number, item: Item, token: string): Promise<void> {
  await db
    .deleteFrom('calendar_written_events')
    .where('user_id', '=', userId)
    .where('kind', '=', item.kind)
    .where('item_key', '=', item.item_key)
    .where('lease_token', '=', token)
    .execute();
}

/** The write landed: the event's id and etag are kept, the item is written and free again. */
export async function saveWritten(
  db: Db,
  userId: number,
  item: Item,
  token: string,
  w: { remote_event_id: string; etag: string | null },
): Promise<void> {
  await db
    .updateTable('calendar_written_events')
    .set({ ...w, state: 'written', lease_token: null, lease_until: null, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', '=', item.kind)
    .where('item_key', '=', item.item_key)
    // A writer whose lease ran out and was taken over leaves the row to the one that took it.
    .where('lease_token', '=', token)
    .execute();
}

/** The write (or removal) failed: the item is free again, as it was. */
export async function releaseItem(db: Db, userId: number, item: Item, token: string): Promise<void> {
  await db
    .updateTable('calendar_written_events')
    .set({ lease_token: null, lease_until: null })
    .where('user_id', '=', userId)
    .where('kind', '=', item.kind)
    .where('item_key', '=', item.item_key)
    .where('lease_token', '=', token)
    .execute();
}

/** The items written (or being written) to one calendar: their kind and the id their write stored. */
export function writtenOn(db: Db, userId: number, calendarRowId: number) {
  return db
    .selectFrom('calendar_written_events')
    .select(['kind', 'remote_event_id'])
    .where('user_id', '=', userId)
    .where('calendar_row_id', '=', calendarRowId)
    .execute();
}

/**
 * The item held (by `token`) moves to another calendar: its event is to be written there anew,
 * under the id given (`fresh`), as a first write.
 */
export async function moveItem(
  db: Db,
  userId: number,
  item: Item,
  token: string,
  fresh: { calendar_row_id: number; remote_event_id: string },
): Promise<void> {
  await db
    .updateTable('calendar_written_events')
    .set({ ...fresh, etag: null, state: 'pending', updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', '=', item.kind)
    .where('item_key', '=', item.item_key)
    .where('lease_token', '=', token)
    .execute();
}
