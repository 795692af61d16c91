import { type Kysely, sql } from 'kysely';
import { ownedBy, withId } from '../migrationHelpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('cron_jobs'))
    .addColumn('job_uuid', 'text', (c) => c.notNull().unique())
    // The user who created the job: its owner for per-user types, its author for system ones.
    .addColumn('user_id', 'integer', ownedBy)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('job_type', 'text', (c) => c.notNull())
    .addColumn('job_config', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('last_run', 'text')
    // null while disabled; the scheduler claims a due run by moving it forward.
    .addColumn('next_run', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cron_jobs_due_idx').on('cron_jobs').columns(['enabled', 'next_run']).execute();
  await db.schema.createIndex('cron_jobs_user_idx').on('cron_jobs').column('user_id').execute();

  await withId(db, db.schema.createTable('cron_executions'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('cron_jobs.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    // 'schedule' or 'manual'; scheduled_for is the due time a scheduled run was claimed for.
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('scheduled_for', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('error', 'text')
    .addColumn('output', 'text')
    // Which process runs it, and when that process last said it is still at it.
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cron_executions_job_idx')
    .on('cron_executions')
    .columns(['job_id', 'started_at'])
    .execute();
  await db.schema.createIndex('cron_executions_started_idx').on('cron_executions').column('started_at').execute();
  // A job never runs twice at once: at most one running execution per job, enforced by the
  // database so that it holds across app instances too.
  await sql`CREATE UNIQUE INDEX cron_executions_one_running ON cron_executions (job_id) WHERE status = 'running'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cron_executions').execute();
  await db.schema.dropTable('cron_jobs').execute();
}
