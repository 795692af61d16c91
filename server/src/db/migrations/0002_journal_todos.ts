import type { Kysely } from 'kysely';
import { ownedBy, sql, withId } from '../migrationHelpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('todos'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('todos_user_idx').on('todos').columns(['user_id', 'completed', 'created_at']).execute();

  // The daily note ('daily') and weekly plans: one per user, type and date. Plain notes: any number.
  await withId(db, db.schema.createTable('journal_entries'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('journal_type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('structured_data', 'text')
    // Daily notes only: whether the morning / evening part is present, so lists can filter by SQL.
    .addColumn('has_morning', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_evening', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_entries_one_per_date_uq')
    .on('journal_entries')
    .columns(['user_id', 'journal_type', 'date'])
    .unique()
    .where(sql<boolean>`journal_type <> 'note'`)
    .execute();
  await db.schema
    .createIndex('journal_entries_user_date_idx')
    .on('journal_entries')
    .columns(['user_id', 'date'])
    .execute();

  // The spec's Transcript entity; its API and screens belong to the transcripts feature.
  await withId(db, db.schema.createTable('transcripts'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('transcript_type', 'text', (c) => c.notNull().defaultTo('impromptu'))
    .addColumn('google_event_id', 'text')
    .addColumn('google_event_etag', 'text')
    .addColumn('google_recurring_event_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transcripts_user_date_idx').on('transcripts').columns(['user_id', 'date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcripts').execute();
  await db.schema.dropTable('journal_entries').execute();
  await db.schema.dropTable('todos').execute();
}
