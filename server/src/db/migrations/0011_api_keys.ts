import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Only the SHA-256 of a key is stored; key_preview is the prefix and last characters shown in lists.
  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_preview', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('read_write'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
