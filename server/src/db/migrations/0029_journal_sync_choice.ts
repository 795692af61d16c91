import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The journal's calendar entries made private by default and placed by the user: `journal_title`
 * says what the entry of a day is titled ('journal': "Journal", the default, for every user
 * including those who had sync_journal on; 'goal': "Journal: " and the day's personal goal), and
 * `journal_calendar` which calendar it goes to (a calendar's public id; null: the calendar
 * workouts go to).
 * Every calendar is also read again in full at its next refresh (its provider state forgotten),
 * so that the entries Daymark wrote before are recognised as its own as they are cached again
 * (features/calendar/ownEvents.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds them one at a time.
  await db.schema.alterTable('calendar_sync_settings').addColumn('journal_calendar', 'text').execute();
  await db.schema
    .alterTable('calendar_sync_settings')
    .addColumn('journal_title', 'text', (c) => c.notNull().defaultTo('journal'))
    .execute();
  await sql`UPDATE calendar_calendars SET sync_state = NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calendar_sync_settings').dropColumn('journal_title').execute();
  await db.schema.alterTable('calendar_sync_settings').dropColumn('journal_calendar').execute();
}
