import type { Kysely } from 'kysely';

/**
 * Transcripts keep their meeting's start time (the coaches show it), and the lookups the
 * screens make get indexes: newest first for the list, by event for "has a transcript".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcripts').addColumn('event_start', 'text').execute();
  await db.schema
    .createIndex('transcripts_user_created_idx')
    .on('transcripts')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('transcripts_user_event_idx')
    .on('transcripts')
    .columns(['user_id', 'google_event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transcripts_user_event_idx').execute();
  await db.schema.dropIndex('transcripts_user_created_idx').execute();
  await db.schema.alterTable('transcripts').dropColumn('event_start').execute();
}
