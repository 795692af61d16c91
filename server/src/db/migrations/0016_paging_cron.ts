import type { Kysely } from 'kysely';

/**
 * The scheduled-job list is paged by name (id breaking ties): a user's own jobs are a range of
 * (user_id, name, id), and an administrator's (every system job plus their own) an ordered scan
 * of (name, id) that stops after one page instead of sorting every job. The first index also
 * serves everything the single-column user index did, so that one goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('cron_jobs_user_name_idx').on('cron_jobs').columns(['user_id', 'name', 'id']).execute();
  await db.schema.createIndex('cron_jobs_name_idx').on('cron_jobs').columns(['name', 'id']).execute();
  await db.schema.dropIndex('cron_jobs_user_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('cron_jobs_user_idx').on('cron_jobs').column('user_id').execute();
  await db.schema.dropIndex('cron_jobs_name_idx').execute();
  await db.schema.dropIndex('cron_jobs_user_name_idx').execute();
}
