import type { Kysely } from 'kysely';
import { dialectOf, sql } from '../migrationHelpers.js';

const MESSAGE = 'calendar events are replaced, never updated';

/**
 * A cached calendar event is never updated: a change from the provider deletes the row and
 * inserts a new one, and ids are never reused. Range reads rely on it: an event's JSON is kept
 * and checked by its row id alone, without reading the stored details again (see
 * `calendar/eventJson.ts`). This trigger makes it a rule of the database, so an update written
 * later fails at once instead of serving an event as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION calendar_events_never_updated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${MESSAGE}'; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        'CREATE TRIGGER calendar_events_never_updated BEFORE UPDATE ON calendar_events FOR EACH ROW EXECUTE FUNCTION calendar_events_never_updated()',
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE TRIGGER calendar_events_never_updated BEFORE UPDATE ON calendar_events BEGIN SELECT RAISE(ABORT, '${MESSAGE}'); END`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw('DROP TRIGGER IF EXISTS calendar_events_never_updated ON calendar_events').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS calendar_events_never_updated()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER IF EXISTS calendar_events_never_updated').execute(db);
  }
}
