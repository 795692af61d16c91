import type { Kysely } from 'kysely';

/**
 * Calendar writes land exactly once (features/calendar/writeback.ts): an item's row is taken
 * before its event is written. `state` is 'pending' until a write of the item is known to have
 * landed, then 'written'; `lease_token` and `lease_until` name the writer that holds the item
 * (any app instance on the database) and until when. Rows written before this keep their stored
 * event ids and count as written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds them one at a time.
  await db.schema
    .alterTable('calendar_written_events')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('written'))
    .execute();
  await db.schema.alterTable('calendar_written_events').addColumn('lease_token', 'text').execute();
  await db.schema.alterTable('calendar_written_events').addColumn('lease_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['lease_until', 'lease_token', 'state']) {
    await db.schema.alterTable('calendar_written_events').dropColumn(column).execute();
  }
}
