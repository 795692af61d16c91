import type { Kysely } from 'kysely';

/**
 * What the last reading of a calendar could not read (JSON, see `ReadIssues` in
 * calendar/types.ts): events skipped with the first reason, and time zone names that could not be
 * recognised. Null when everything was read. Kept per calendar because a calendar whose version is
 * unchanged is not read again, and its issues stand until it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calendar_calendars').addColumn('read_issues', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calendar_calendars').dropColumn('read_issues').execute();
}
