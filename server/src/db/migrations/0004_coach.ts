import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('coach_conversations'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('conversation_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('coach_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coach_conversations_user_idx')
    .on('coach_conversations')
    .columns(['user_id', 'updated_at'])
    .execute();

  await withId(db, db.schema.createTable('coach_messages'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('coach_conversations.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('thoughts', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coach_messages_conversation_idx')
    .on('coach_messages')
    .column('conversation_id')
    .execute();

  await withId(db, db.schema.createTable('coach_meta'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('coach_type', 'text', (c) => c.notNull())
    .addColumn('meta_content', 'text', (c) => c.notNull())
    .addColumn('base_prompt', 'text', (c) => c.notNull())
    .addColumn('system_prompt_addition', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('coach_meta_user_type', ['user_id', 'coach_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coach_meta').execute();
  await db.schema.dropTable('coach_messages').execute();
  await db.schema.dropTable('coach_conversations').execute();
}
