import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';

/** Events Daymark wrote to a calendar, one per kind and date, so a second write updates the first. */

export function getWritten(db: Db, userId: number, kind: string, itemKey: string) {
  return db
    .selectFrom('calendar_written_events')
    .select(['id', 'calendar_row_id', 'remote_event_id', 'etag'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_key', '=', itemKey)
    .executeTakeFirst();
}

export async function saveWritten(
  db: Db,
  userId: number,
  w: { kind: string; item_key: string; calendar_row_id: number; remote_event_id: string; etag: string | null },
) {
  const updated_at = nowIso();
  await db
    .insertInto('calendar_written_events')
    .values({ user_id: userId, ...w, updated_at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'item_key']).doUpdateSet({
        calendar_row_id: w.calendar_row_id,
        remote_event_id: w.remote_event_id,
        etag: w.etag,
        updated_at,
      }),
    )
    .execute();
}
