import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Dialect } from '../db/migrationHelpers.js';

/** The scheduler's SQL: claiming due runs and recording executions. */

/**
 * A transaction that writes. SQLite's is opened with BEGIN IMMEDIATE, so that a second process
 * on the same file waits for the write lock instead of failing when it upgrades a read.
 */
export async function writeTransaction<T>(db: Db, dialect: Dialect, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const out = await fn(conn);
      await sql`COMMIT`.execute(conn);
      return out;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn);
      throw err;
    }
  });
}

const jobColumns = [
  'id',
  'job_uuid',
  'user_id',
  'name',
  'schedule',
  'timezone',
  'job_type',
  'job_config',
  'enabled',
  'next_run',
] as const;

export type SchedulerJob = Awaited<ReturnType<typeof dueJobs>>[number];

export function dueJobs(db: Db, now: string, limit = 2000) {
  return db
    .selectFrom('cron_jobs')
    .select(jobColumns)
    .where('enabled', '=', 1)
    .where('next_run', '<=', now)
    .orderBy('next_run')
    .limit(limit)
    .execute();
}

export function jobById(db: Db, id: number) {
  return db.selectFrom('cron_jobs').select(jobColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * Claims a due run with one conditional UPDATE: only the instance whose update still finds the
 * `next_run` it read moves it forward, so each due run is taken exactly once across instances.
 */
export async function claimDueRun(db: Db, id: number, dueAt: string, next: string | null, now: string) {
  const res = await db
    .updateTable('cron_jobs')
    .set({ next_run: next, last_run: now })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where('next_run', '=', dueAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function setLastRun(db: Db, id: number, now: string) {
  return db.updateTable('cron_jobs').set({ last_run: now }).where('id', '=', id).execute();
}

export interface NewExecution {
  job_id: number;
  status: string;
  trigger: 'schedule' | 'manual';
  scheduled_for: string | null;
  started_at: string;
  completed_at?: string | null;
  error?: string | null;
  instance_id: string;
}

/**
 * Records a run as started, unless the job already has a running execution (the partial unique
 * index): then nothing is written and the result is undefined. No error is raised, so this can
 * sit inside a transaction on PostgreSQL.
 */
export async function insertRunning(db: Db, e: Omit<NewExecution, 'status' | 'completed_at' | 'error'>) {
  const row = await db
    .insertInto('cron_executions')
    .values({
      job_id: e.job_id,
      status: 'running',
      trigger: e.trigger,
      scheduled_for: e.scheduled_for,
      started_at: e.started_at,
      completed_at: null,
      error: null,
      output: null,
      instance_id: e.instance_id,
      heartbeat_at: e.started_at,
    })
    // The target names the partial index, whose predicate must be spelled literally to match.
    .onConflict((oc) => oc.column('job_id').where(sql<boolean>`status = 'running'`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertExecution(db: Db, e: NewExecution) {
  const row = await db
    .insertInto('cron_executions')
    .values({
      job_id: e.job_id,
      status: e.status,
      trigger: e.trigger,
      scheduled_for: e.scheduled_for,
      started_at: e.started_at,
      completed_at: e.completed_at ?? null,
      error: e.error ?? null,
      output: null,
      instance_id: e.instance_id,
      heartbeat_at: e.started_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ends a running execution; an execution already ended (cancelled elsewhere) stays as it is. */
export async function finishExecution(
  db: Db,
  id: number,
  f: { status: string; completed_at: string; error: string | null; output: string | null },
) {
  const res = await db
    .updateTable('cron_executions')
    .set(f)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function heartbeat(db: Db, ids: number[], now: string) {
  if (!ids.length) return [];
  await db
    .updateTable('cron_executions')
    .set({ heartbeat_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'running')
    .execute();
  const ended = await db
    .selectFrom('cron_executions')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '!=', 'running')
    .execute();
  return ended.map((r) => r.id);
}

/** Marks running executions as failed: all of them, or those whose process went quiet before `staleBefore`. */
export async function failInterrupted(db: Db, message: string, now: string, staleBefore?: string) {
  let q = db
    .updateTable('cron_executions')
    .set({ status: 'failure', completed_at: now, error: message })
    .where('status', '=', 'running');
  if (staleBefore) q = q.where('heartbeat_at', '<', staleBefore);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function cancelExecution(db: Db, id: number, message: string, now: string) {
  return finishExecution(db, id, { status: 'cancelled', completed_at: now, error: message, output: null });
}

/** Deletes ended executions that started before `before`; returns how many. */
export async function deleteExecutionsBefore(db: Db, before: string) {
  const res = await db
    .deleteFrom('cron_executions')
    .where('started_at', '<', before)
    .where('status', '!=', 'running')
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function countSessions(db: Db) {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
