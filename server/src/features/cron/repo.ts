import { SYSTEM_JOB_TYPES } from '../../../../common/src/api/cron.js';
import type { Db } from '../../db/index.js';

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

/** Jobs a user may see: their own per-user jobs, and every system job for administrators. */
function visibleJobs(db: Db, viewer: Viewer) {
  return db
    .selectFrom('cron_jobs')
    .selectAll('cron_jobs')
    .where((eb) =>
      viewer.isAdmin
        ? eb.or([eb('cron_jobs.job_type', 'in', SYSTEM_JOB_TYPES), eb('cron_jobs.user_id', '=', viewer.id)])
        : eb.and([eb('cron_jobs.job_type', 'not in', SYSTEM_JOB_TYPES), eb('cron_jobs.user_id', '=', viewer.id)]),
    );
}

export interface Page {
  limit: number;
  offset: number;
}

/** The run a page of executions continues after: rows strictly older in (started_at, id). */
export interface ExecutionCursor {
  startedAt: string;
  id: number;
}

/** A page of the visible jobs by name; the id breaks ties so that pages never overlap. */
export function listJobs(db: Db, viewer: Viewer, page: Page) {
  return visibleJobs(db, viewer)
    .orderBy('cron_jobs.name')
    .orderBy('cron_jobs.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Any job by uuid; the service decides whether the viewer may reach it. */
export function findJob(db: Db, uuid: string) {
  return db.selectFrom('cron_jobs').selectAll().where('job_uuid', '=', uuid).executeTakeFirst();
}

export async function insertJob(
  db: Db,
  j: {
    job_uuid: string;
    user_id: number;
    name: string;
    description: string;
    schedule: string;
    timezone: string;
    job_type: string;
    job_config: string;
    enabled: number;
    next_run: string | null;
    now: string;
  },
) {
  const { now, ...values } = j;
  return db
    .insertInto('cron_jobs')
    .values({ ...values, last_run: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateJob(
  db: Db,
  id: number,
  set: Partial<{
    name: string;
    description: string;
    schedule: string;
    job_type: string;
    job_config: string;
    enabled: number;
    next_run: string | null;
    updated_at: string;
  }>,
) {
  return db.updateTable('cron_jobs').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteJob(db: Db, id: number) {
  await db.deleteFrom('cron_jobs').where('id', '=', id).execute();
}

const executionColumns = [
  'cron_executions.id',
  'cron_jobs.job_uuid',
  'cron_jobs.name as job_name',
  'cron_jobs.job_type',
  'cron_executions.status',
  'cron_executions.trigger',
  'cron_executions.started_at',
  'cron_executions.completed_at',
  'cron_executions.error',
  'cron_executions.output',
] as const;

/**
 * A page of the newest executions of the jobs the viewer may see, or of one job; the id breaks
 * ties of the start time so that pages never overlap.
 */
export function listExecutions(db: Db, viewer: Viewer, page: Page, jobId?: number, before?: ExecutionCursor) {
  let q = db
    .selectFrom('cron_executions')
    .innerJoin('cron_jobs', 'cron_jobs.id', 'cron_executions.job_id')
    .select(executionColumns)
    .where((eb) =>
      viewer.isAdmin
        ? eb.or([eb('cron_jobs.job_type', 'in', SYSTEM_JOB_TYPES), eb('cron_jobs.user_id', '=', viewer.id)])
        : eb.and([eb('cron_jobs.job_type', 'not in', SYSTEM_JOB_TYPES), eb('cron_jobs.user_id', '=', viewer.id)]),
    );
  if (jobId !== undefined) q = q.where('cron_executions.job_id', '=', jobId);
  // A row-value comparison, so that both databases read it as one range of the (started_at, id) order.
  if (before)
    q = q.where((eb) =>
      eb(eb.refTuple('cron_executions.started_at', 'cron_executions.id'), '<', eb.tuple(before.startedAt, before.id)),
    );
  return q
    .orderBy('cron_executions.started_at', 'desc')
    .orderBy('cron_executions.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function findExecution(db: Db, id: number) {
  return db
    .selectFrom('cron_executions')
    .innerJoin('cron_jobs', 'cron_jobs.id', 'cron_executions.job_id')
    .select([...executionColumns, 'cron_jobs.user_id'])
    .where('cron_executions.id', '=', id)
    .executeTakeFirst();
}
