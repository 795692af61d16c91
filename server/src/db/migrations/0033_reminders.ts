import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

/**
 * Reminders (features/reminders): when each user wants them (`reminder_settings`), the channels
 * they come through (`reminder_channels`, secrets sealed like calendar credentials), the browsers
 * subscribed to Web Push (`push_subscriptions`), every reminder created for a channel
 * (`reminder_deliveries`, unique per channel and item, so one thing is reminded of once whichever
 * instance notices it first) and the installation's own keys (`instance_keys`: the VAPID pair).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reminder_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('training_lead_minutes', 'integer', (c) => c.notNull())
    .addColumn('journal_time', 'text', (c) => c.notNull())
    .addColumn('weekly_time', 'text', (c) => c.notNull())
    .addColumn('quiet_start', 'text')
    .addColumn('quiet_end', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('reminder_channels'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('app_url', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('broken_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reminder_channels_user_idx').on('reminder_channels').column('user_id').execute();

  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('reminder_channels.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('keys', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_channel_idx').on('push_subscriptions').column('channel_id').execute();

  await withId(db, db.schema.createTable('reminder_deliveries'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('reminder_channels.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('error', 'text')
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('reminder_deliveries_once', ['channel_id', 'item_key'])
    .execute();
  await db.schema
    .createIndex('reminder_deliveries_next_idx')
    .on('reminder_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('reminder_deliveries_user_idx')
    .on('reminder_deliveries')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('instance_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance_keys').execute();
  await db.schema.dropTable('reminder_deliveries').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('reminder_channels').execute();
  await db.schema.dropTable('reminder_settings').execute();
}
