import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import type { Clock } from './scheduler.js';
import type { JobRun, JobType } from './types/jobType.js';

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  constructor(private t: number) {}
  now() {
    return new Date(this.t);
  }
  set(iso: string) {
    this.t = Date.parse(iso);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

/**
 * A job type whose runs wait until the test releases them (or their signal aborts), so a test
 * decides when a run ends.
 */
export function gatedType(type = 'test_gate') {
  const runs: Array<{ run: JobRun; release: (output?: string) => void; fail: (msg: string) => void }> = [];
  const jobType: JobType = {
    type,
    name: 'Gate',
    description: 'test',
    configSchema: {},
    system: true,
    timeoutMs: () => 60_000,
    unavailable: () => null,
    run: (run) =>
      new Promise((resolve, reject) => {
        runs.push({ run, release: (output = 'done') => resolve({ output }), fail: (msg) => reject(new Error(msg)) });
      }),
  };
  return { jobType, runs };
}

/** Inserts a job straight into the table (the scheduler's tests need no API). */
export async function insertTestJob(
  db: Db,
  userId: number,
  j: { job_type: string; schedule: string; next_run: string | null; enabled?: boolean; name?: string },
) {
  const now = new Date().toISOString();
  return db
    .insertInto('cron_jobs')
    .values({
      job_uuid: randomUUID(),
      user_id: userId,
      name: j.name ?? 'test job',
      description: '',
      schedule: j.schedule,
      timezone: 'UTC',
      job_type: j.job_type,
      job_config: '{}',
      enabled: j.enabled === false ? 0 : 1,
      last_run: null,
      next_run: j.next_run,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function executionsOf(db: Db, jobId: number) {
  return db.selectFrom('cron_executions').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
}

/** A user row for tests that need an owner id but no sign-in. */
export async function insertTestUser(db: Db, username: string, isAdmin = true) {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({ username, password_hash: 'not a hash', is_admin: isAdmin ? 1 : 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
