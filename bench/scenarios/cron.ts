import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXECUTIONS_PAGE_MAX } from '#common/api/cron.js';
import { createAiProvider } from '../../server/src/ai/provider.js';
import { loadConfig } from '../../server/src/config.js';
import { type Db, migrateToLatest, openDatabase } from '../../server/src/db/index.js';
import { AuthService } from '../../server/src/features/auth/service.js';
import { withScheduler } from '../../server/src/jobs/index.js';
import { FakeClock, insertTestUser } from '../../server/src/jobs/testing.js';
import type { JobType } from '../../server/src/jobs/types/jobType.js';
import { options } from '../options.js';
import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario } from '../types.js';

const JOBS = 1000;
const TICKS = 300;
/** 25 of the jobs ran every three hours for five years (for one in the standard set). */
const EXECUTING_JOBS = 25;
const HISTORY_YEARS = options.data === '5y' ? 5 : 1;
const EXECUTIONS = EXECUTING_JOBS * 8 * 365 * HISTORY_YEARS;

/** A job type that does nothing, so the bench measures the scheduler alone. */
const noop: JobType = {
  type: 'bench_noop',
  name: 'No-op',
  description: 'bench',
  configSchema: {},
  system: true,
  timeoutMs: () => 60_000,
  unavailable: () => null,
  run: async () => ({ output: '' }),
};

async function insertJobs(db: Db, userId: number, type: string, nextRun: string, n = JOBS) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    job_uuid: crypto.randomUUID(),
    user_id: userId,
    name: `Job ${i}`,
    description: '',
    schedule: '* * * * *',
    timezone: 'UTC',
    job_type: type,
    job_config: type === 'health_check' ? '{"min_free_mb":0}' : '{}',
    enabled: 1,
    last_run: null,
    next_run: nextRun,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('cron_jobs')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Finished runs of the first jobs, newest now, one every few hours back in time. */
async function insertExecutions(db: Db, n: number) {
  const jobs = await db.selectFrom('cron_jobs').select('id').orderBy('id').limit(EXECUTING_JOBS).execute();
  const now = Date.now();
  const stepMs = (HISTORY_YEARS * 365 * 86_400_000) / n;
  const output = 'Disk: 41.2 GB free of 120 GB\nDatabase: ok (12 ms)\nMemory: 182 MB resident';
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, k) => {
      // Runs come in pairs that start in the same second, as jobs due at the same minute do.
      const started = new Date(now - Math.floor((Math.floor((i + k) / 2) * 2 * stepMs) / 1000) * 1000);
      return {
        job_id: (jobs[(i + k) % jobs.length] as { id: number }).id,
        status: (i + k) % 97 === 0 ? 'failure' : 'success',
        trigger: 'schedule',
        scheduled_for: started.toISOString(),
        started_at: started.toISOString(),
        completed_at: new Date(started.getTime() + 40).toISOString(),
        error: (i + k) % 97 === 0 ? 'Disk space below the minimum' : null,
        output,
        instance_id: 'bench',
        heartbeat_at: started.toISOString(),
      };
    });
    await db.insertInto('cron_executions').values(rows).execute();
  }
}

/** A scheduler in this process on its own SQLite database with 1,000 enabled jobs. */
async function schedulerOn(clock?: FakeClock) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-bench-cron-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  const { scheduler } = withScheduler(
    {
      db: handle.db,
      reader: handle.reader,
      dialect: handle.dialect,
      config,
      auth: new AuthService(handle.db, { idleMs: 1, maxMs: 1 }),
      version: 'bench',
      ai: createAiProvider({ provider: 'none', timeoutMs: 1000, maxRetries: 0 }),
    },
    { clock, types: [noop] },
  );
  const userId = await insertTestUser(handle.db, 'bench');
  return {
    db: handle.db,
    scheduler,
    userId,
    async close() {
      await scheduler.stop();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ms = (n: number) => Math.round(n * 100) / 100;

/** Cost of one tick with 1,000 enabled jobs of which none is due (the common case). */
async function tickCost(): Promise<BenchRow> {
  const s = await schedulerOn(new FakeClock(Date.parse('2026-01-01T00:00:30Z')));
  try {
    await insertJobs(s.db, s.userId, 'bench_noop', '2026-01-01T00:01:00.000Z');
    const times: number[] = [];
    for (let i = 0; i < TICKS; i++) {
      const t = performance.now();
      await s.scheduler.tick();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return {
      label: `scheduler tick, ${JOBS} enabled jobs, none due`,
      'p50 ms': ms(percentile(times, 0.5)),
      'p99 ms': ms(percentile(times, 0.99)),
    };
  } finally {
    await s.close();
  }
}

/** Lateness of 1,000 runs due at the same moment, with the real clock and the 1 s tick. */
async function lateness(): Promise<BenchRow> {
  const s = await schedulerOn();
  try {
    const due = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    await insertJobs(s.db, s.userId, 'bench_noop', due.toISOString());
    await s.scheduler.start();
    for (let i = 0; i < 200; i++) {
      const n = await s.db
        .selectFrom('cron_executions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(n.n) >= JOBS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await s.scheduler.idle();
    const rows = await s.db.selectFrom('cron_executions').select(['started_at', 'scheduled_for']).execute();
    const late = rows
      .map((r) => Date.parse(r.started_at) - Date.parse(r.scheduled_for ?? r.started_at))
      .sort((a, b) => a - b);
    return {
      label: `lateness of ${rows.length} runs due at once`,
      'p50 ms': ms(percentile(late, 0.5)),
      'p99 ms': ms(percentile(late, 0.99)),
    };
  } finally {
    await s.close();
  }
}

/** A database_backup run through the API on the bench's seeded database (every scenario's data). */
async function backup(baseUrl: string, token: string): Promise<BenchRow> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${baseUrl}/api/cron/jobs`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench backup',
      schedule: '0 0 1 1 *',
      job_type: 'database_backup',
      job_config: { keep: 1 },
    }),
  });
  const job = (await created.json()) as { job_uuid: string };
  await fetch(`${baseUrl}/api/cron/jobs/${job.job_uuid}/trigger`, { method: 'POST', headers });
  for (;;) {
    const [e] = (await (
      await fetch(`${baseUrl}/api/cron/executions/${job.job_uuid}?limit=1`, { headers })
    ).json()) as Array<{
      status: string;
      started_at: string;
      completed_at: string | null;
      output: string | null;
      error: string | null;
    }>;
    if (e && e.status !== 'running') {
      if (e.status !== 'success') throw new Error(`bench backup failed: ${e.error}`);
      const size = /\(([\d.]+ KB)\)/.exec(e.output ?? '')?.[1] ?? '?';
      const rows = /([\d]+) rows/.exec(e.output ?? '')?.[1] ?? '?';
      return {
        label: 'database_backup of the seeded data set (verified)',
        'time ms': Date.parse(e.completed_at ?? e.started_at) - Date.parse(e.started_at),
        size: `${(Number.parseFloat(size) / 1024).toFixed(1)} MB`,
        rows,
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * 1,000 enabled health-check jobs for the bench user (next run a year away, so the bench server's
 * own scheduler reads them every tick but runs none), the list routes, and in-process scheduler
 * measurements plus a verified backup of everything the other scenarios seeded.
 */
export const cronScenario: BenchScenario = {
  name: 'cron',
  async seed({ db, userId }) {
    await insertJobs(db, userId, 'health_check', new Date(Date.now() + 365 * 86_400_000).toISOString());
    await insertExecutions(db, EXECUTIONS);
    // The same depth as the offset route, reached with the cursor the web app sends.
    const last = await db
      .selectFrom('cron_executions')
      .select(['started_at', 'id'])
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .offset(4999)
      .limit(1)
      .executeTakeFirstOrThrow();
    cronScenario.routes?.push({
      label: 'GET /api/cron/executions?limit=50 after the 5,000th (cursor)',
      path: `/api/cron/executions?limit=50&beforeStartedAt=${encodeURIComponent(last.started_at)}&beforeId=${last.id}`,
    });
  },
  routes: [
    { label: 'GET /api/cron/jobs (first page of 1,000 jobs)', path: '/api/cron/jobs' },
    {
      label: 'GET /api/cron/jobs?limit=200&offset=800 (largest page, last)',
      path: '/api/cron/jobs?limit=200&offset=800',
    },
    {
      label: `GET /api/cron/executions?limit=50 (of ${EXECUTIONS.toLocaleString('en')} runs)`,
      path: '/api/cron/executions?limit=50',
    },
    { label: 'GET /api/cron/executions?limit=50&offset=5000', path: '/api/cron/executions?limit=50&offset=5000' },
    {
      label: `GET /api/cron/executions?limit=${EXECUTIONS_PAGE_MAX} (largest page)`,
      path: `/api/cron/executions?limit=${EXECUTIONS_PAGE_MAX}`,
    },
  ],
  async measure({ baseUrl, token }) {
    return [await tickCost(), await lateness(), await backup(baseUrl, token)];
  },
};
