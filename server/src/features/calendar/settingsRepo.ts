import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';

/** Sync settings (one row per user; absent means the §3 defaults). */

export interface SyncSettingsRow {
  auto_sync: number;
  sync_workouts: number;
  sync_journal: number;
  selected_calendars: string;
  journal_calendar: string | null;
  journal_title: string;
}

const settingsQuery = prepared<{ userId: number }, SyncSettingsRow>((db, p) =>
  db
    .selectFrom('calendar_sync_settings')
    .select(['auto_sync', 'sync_workouts', 'sync_journal', 'selected_calendars', 'journal_calendar', 'journal_title'])
    .where('user_id', '=', p.userId),
);

export function getSyncSettings(db: Db, userId: number): Promise<SyncSettingsRow | undefined> {
  return settingsQuery.executeTakeFirst(db, { userId });
}

/** A save leaves out the journal's choices to keep them as they are (new rows: the defaults). */
export type SyncSettingsSave = Omit<SyncSettingsRow, 'journal_calendar' | 'journal_title'> &
  Partial<Pick<SyncSettingsRow, 'journal_calendar' | 'journal_title'>>;

export async function saveSyncSettings(db: Db, userId: number, s: SyncSettingsSave): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('calendar_sync_settings')
    .values({ user_id: userId, ...s, updated_at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...s, updated_at }))
    .execute();
}

/** Users whose calendars the background refresh keeps fresh (auto_sync on, the default). */
export async function autoSyncUserIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('calendar_connections as k')
    .leftJoin('calendar_sync_settings as s', 's.user_id', 'k.user_id')
    .select('k.user_id')
    .distinct()
    .where('k.status', '=', 'connected')
    .where((eb) => eb.or([eb('s.auto_sync', 'is', null), eb('s.auto_sync', '=', 1)]))
    .execute();
  return rows.map((r) => r.user_id);
}
