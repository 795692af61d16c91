import type { Kysely } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

/**
 * Activities imported from watch and bike-computer files (features/activities): one row per
 * activity with its figures, laps and thinned route (JSON), unique per user by a fingerprint of
 * its start, sport and device, so importing the same activity again adds nothing; and the
 * original file of each, gzipped and base64-encoded (text on both databases), kept apart so the
 * lists never read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('activities'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('sport', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('device', 'text')
    .addColumn('elapsed_s', 'double precision', (c) => c.notNull())
    .addColumn('moving_s', 'double precision')
    .addColumn('distance_m', 'double precision')
    .addColumn('ascent_m', 'double precision')
    .addColumn('avg_hr', 'double precision')
    .addColumn('max_hr', 'double precision')
    .addColumn('calories', 'double precision')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('laps', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('activities_user_fingerprint', ['user_id', 'fingerprint'])
    .execute();
  await db.schema.createIndex('activities_user_date_idx').on('activities').columns(['user_id', 'date']).execute();

  await withId(db, db.schema.createTable('activity_files'))
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('activity_id', 'integer', (c) => c.notNull().unique().references('activities.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity_files').execute();
  await db.schema.dropTable('activities').execute();
}
