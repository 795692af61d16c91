import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

/**
 * Calendar connections (credentials encrypted at rest), their calendars, the per-user event
 * cache, sync settings, pending OAuth authorizations and the events Daymark wrote itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('calendar_connections'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_sync_time', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_connections_user_idx').on('calendar_connections').column('user_id').execute();

  await withId(db, db.schema.createTable('calendar_calendars'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('connection_id', 'integer', (c) => c.notNull().references('calendar_connections.id').onDelete('cascade'))
    .addColumn('remote_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('background_color', 'text', (c) => c.notNull())
    .addColumn('foreground_color', 'text', (c) => c.notNull())
    .addColumn('writable', 'integer', (c) => c.notNull())
    .addColumn('is_primary', 'integer', (c) => c.notNull())
    .addColumn('sync_state', 'text')
    .addUniqueConstraint('calendar_calendars_remote', ['connection_id', 'remote_id'])
    .execute();
  await db.schema.createIndex('calendar_calendars_user_idx').on('calendar_calendars').column('user_id').execute();

  await withId(db, db.schema.createTable('calendar_events'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('calendar_row_id', 'integer', (c) => c.notNull().references('calendar_calendars.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text')
    .addColumn('end_at', 'text')
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calendar_events_user_start_idx')
    .on('calendar_events')
    .columns(['user_id', 'start_at'])
    .execute();
  await db.schema
    .createIndex('calendar_events_user_date_idx')
    .on('calendar_events')
    .columns(['user_id', 'start_date'])
    .execute();
  await db.schema
    .createIndex('calendar_events_calendar_idx')
    .on('calendar_events')
    .columns(['calendar_row_id', 'event_id'])
    .execute();

  await withId(db, db.schema.createTable('calendar_sync_settings'))
    .addColumn('user_id', 'integer', (c) => ownedBy(c).unique())
    .addColumn('auto_sync', 'integer', (c) => c.notNull())
    .addColumn('sync_workouts', 'integer', (c) => c.notNull())
    .addColumn('sync_journal', 'integer', (c) => c.notNull())
    .addColumn('selected_calendars', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('calendar_oauth_states'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('calendar_written_events'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('calendar_row_id', 'integer', (c) => c.notNull().references('calendar_calendars.id').onDelete('cascade'))
    .addColumn('remote_event_id', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('calendar_written_item', ['user_id', 'kind', 'item_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'calendar_written_events',
    'calendar_oauth_states',
    'calendar_sync_settings',
    'calendar_events',
    'calendar_calendars',
    'calendar_connections',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
