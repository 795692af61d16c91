import type { Kysely } from 'kysely';

/**
 * The newest transcripts (the coach's context, the notes list) are read in the order date,
 * created_at, id. With an index on (user_id, date) alone, every transcript sharing the newest
 * dates was read in full and sorted to find the first ten: a day with hundreds of long
 * transcripts made each coach reply wait 50 ms before the model was asked. The full order in the
 * index makes it a read of ten index entries; the old index is a prefix of the new one, so it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('transcripts_user_date_created_idx')
    .on('transcripts')
    .columns(['user_id', 'date', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('transcripts_user_date_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('transcripts_user_date_idx').on('transcripts').columns(['user_id', 'date']).execute();
  await db.schema.dropIndex('transcripts_user_date_created_idx').execute();
}
