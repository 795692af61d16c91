import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CRON_JOBS_PAGE_DEFAULT,
  CRON_JOBS_PAGE_MAX,
  cronExecutionsResponse,
  cronJobsResponse,
  EXECUTIONS_PAGE_MAX,
  executionsQuery,
} from '#common/api/cron.js';
import { EXECUTIONS_LIMIT } from '#common/cronSchedule.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { CronService } from './service.js';

let h: Harness;
afterEach(async () => h?.close());

const STAMP = '2026-01-01T00:00:00.000Z';

/** Jobs written straight to the database, in the order given (ids ascending). */
async function insertJobs(owner: number, type: string, names: string[]) {
  const rows = names.map((name) => ({
    job_uuid: randomUUID(),
    user_id: owner,
    name,
    description: '',
    schedule: '0 0 * * *',
    timezone: 'UTC',
    job_type: type,
    job_config: type === 'health_check' ? '{"min_free_mb":0}' : '{}',
    enabled: 1,
    last_run: null,
    next_run: null,
    created_at: STAMP,
    updated_at: STAMP,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await h.ctx.db
      .insertInto('cron_jobs')
      .values(rows.slice(i, i + 100))
      .execute();
  return rows.map((r) => r.job_uuid);
}

/** Finished executions of a job; `startedAt(i)` may give several the same start time. */
async function insertExecutions(jobUuid: string, n: number, startedAt: (i: number) => string) {
  const job = await h.ctx.db
    .selectFrom('cron_jobs')
    .select('id')
    .where('job_uuid', '=', jobUuid)
    .executeTakeFirstOrThrow();
  const rows = Array.from({ length: n }, (_, i) => ({
    job_id: job.id,
    status: 'success',
    trigger: 'schedule',
    scheduled_for: startedAt(i),
    started_at: startedAt(i),
    completed_at: startedAt(i),
    error: null,
    output: `run ${i}`,
    instance_id: 'test',
    heartbeat_at: startedAt(i),
  }));
  for (let i = 0; i < rows.length; i += 100)
    await h.ctx.db
      .insertInto('cron_executions')
      .values(rows.slice(i, i + 100))
      .execute();
}

async function page<T>(c: Client, url: string): Promise<T[]> {
  const res = await c.request({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T[];
}

/** Every page of `base` read `size` at a time until a short page. */
async function allPages<T>(c: Client, base: string, size: number): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += size) {
    const items = await page<T>(c, `${base}${base.includes('?') ? '&' : '?'}limit=${size}&offset=${offset}`);
    out.push(...items);
    if (items.length < size) return out;
  }
}

type Job = { job_uuid: string; name: string };
type Execution = { id: number; job_uuid: string; started_at: string };

describe('cron list paging', () => {
  it('pages the job list by name, ties in creation order, each user seeing only theirs', async () => {
    h = await createHarness();
    const admin = await createUserAndSignIn(h, 'admin', true);
    const user = await createUserAndSignIn(h, 'user');
    const other = await createUserAndSignIn(h, 'other');
    // 230 system jobs whose names repeat (Job 000 … Job 099, up to three times each).
    const names = Array.from({ length: 230 }, (_, i) => `Job ${String(i % 100).padStart(3, '0')}`);
    const system = await insertJobs(await userIdOf(h, 'admin'), 'health_check', names);
    const adminBriefing = await insertJobs(await userIdOf(h, 'admin'), 'assistant_briefing', ['Job 050']);
    const userBriefings = await insertJobs(await userIdOf(h, 'user'), 'assistant_briefing', ['B', 'A', 'A']);
    await insertJobs(await userIdOf(h, 'other'), 'assistant_briefing', ['Job 050', 'A']);

    // Expected order: by name, then by insertion (the ids).
    const visible = [...system, ...adminBriefing].map((uuid, i) => ({
      uuid,
      name: i < system.length ? (names[i] as string) : 'Job 050',
      i,
    }));
    visible.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.i - b.i));
    const expected = visible.map((v) => v.uuid);

    const first = await page<Job>(admin, '/api/cron/jobs');
    expect(first.map((j) => j.job_uuid)).toEqual(expected.slice(0, CRON_JOBS_PAGE_DEFAULT));
    const max = await page<Job>(admin, `/api/cron/jobs?limit=${CRON_JOBS_PAGE_MAX}`);
    expect(max.map((j) => j.job_uuid)).toEqual(expected.slice(0, CRON_JOBS_PAGE_MAX));
    const second = await page<Job>(
      admin,
      `/api/cron/jobs?limit=${CRON_JOBS_PAGE_DEFAULT}&offset=${CRON_JOBS_PAGE_DEFAULT}`,
    );
    expect(second.map((j) => j.job_uuid)).toEqual(expected.slice(CRON_JOBS_PAGE_DEFAULT, 2 * CRON_JOBS_PAGE_DEFAULT));
    // Pages of 7 cut through the tied names and still read every job once, in order.
    expect((await allPages<Job>(admin, '/api/cron/jobs', 7)).map((j) => j.job_uuid)).toEqual(expected);
    expect(await page<Job>(admin, '/api/cron/jobs?offset=5000')).toEqual([]);

    expect((await allPages<Job>(user, '/api/cron/jobs', 2)).map((j) => j.job_uuid)).toEqual([
      userBriefings[1],
      userBriefings[2],
      userBriefings[0],
    ]);
    expect((await page<Job>(other, '/api/cron/jobs')).map((j) => j.name)).toEqual(['A', 'Job 050']);

    for (const q of [`limit=${CRON_JOBS_PAGE_MAX + 1}`, 'limit=0', 'limit=abc', 'offset=-1', 'offset=1.5']) {
      const res = await admin.request({ method: 'GET', url: `/api/cron/jobs?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('pages executions newest first, ties of the start time by id, for all jobs and for one', async () => {
    h = await createHarness();
    const admin = await createUserAndSignIn(h, 'admin', true);
    const user = await createUserAndSignIn(h, 'user');
    const [backup] = await insertJobs(await userIdOf(h, 'admin'), 'health_check', ['Health']);
    const [briefing] = await insertJobs(await userIdOf(h, 'user'), 'assistant_briefing', ['Briefing']);
    // Five runs start in each minute, so every page boundary falls inside a tie.
    const minute = (i: number) => new Date(Date.parse(STAMP) + Math.floor(i / 5) * 60_000).toISOString();
    await insertExecutions(backup as string, 560, minute);
    await insertExecutions(briefing as string, 12, minute);

    const all = await allPages<Execution>(admin, '/api/cron/executions', 45);
    expect(all).toHaveLength(560);
    expect(new Set(all.map((e) => e.id)).size).toBe(560);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1] as Execution, all[i] as Execution];
      expect(a.started_at > b.started_at || (a.started_at === b.started_at && a.id > b.id), `${i}`).toBe(true);
    }
    expect(all.every((e) => e.job_uuid === backup)).toBe(true);

    const first = await page<Execution>(admin, '/api/cron/executions');
    expect(first).toEqual(all.slice(0, EXECUTIONS_LIMIT));
    const max = await page<Execution>(admin, `/api/cron/executions?limit=${EXECUTIONS_PAGE_MAX}`);
    expect(max).toEqual(all.slice(0, EXECUTIONS_PAGE_MAX));
    const next = await page<Execution>(admin, `/api/cron/executions?offset=${EXECUTIONS_LIMIT}`);
    expect(next).toEqual(all.slice(EXECUTIONS_LIMIT, 2 * EXECUTIONS_LIMIT));
    expect(await allPages<Execution>(admin, `/api/cron/executions/${backup}`, 100)).toEqual(all);

    // The cursor (the last row's started_at and id) walks the same rows, ties included.
    const byCursor: Execution[] = [];
    for (let url = '/api/cron/executions?limit=45'; ; ) {
      const items = await page<Execution>(admin, url);
      byCursor.push(...items);
      const last = items.at(-1);
      if (items.length < 45 || !last) break;
      url = `/api/cron/executions?limit=45&beforeStartedAt=${encodeURIComponent(last.started_at)}&beforeId=${last.id}`;
    }
    expect(byCursor).toEqual(all);
    const cut = all[EXECUTIONS_LIMIT - 1] as Execution;
    expect(
      await page<Execution>(
        admin,
        `/api/cron/executions/${backup}?beforeStartedAt=${encodeURIComponent(cut.started_at)}&beforeId=${cut.id}`,
      ),
    ).toEqual(all.slice(EXECUTIONS_LIMIT, 2 * EXECUTIONS_LIMIT));

    const mine = await allPages<Execution>(user, '/api/cron/executions', 5);
    expect(mine).toHaveLength(12);
    expect(mine.every((e) => e.job_uuid === briefing)).toBe(true);
    expect(await allPages<Execution>(user, `/api/cron/executions/${briefing}`, 5)).toEqual(mine);

    for (const url of [
      `/api/cron/executions?limit=${EXECUTIONS_PAGE_MAX + 1}`,
      '/api/cron/executions?offset=-1',
      `/api/cron/executions/${briefing}?limit=${EXECUTIONS_PAGE_MAX + 1}`,
      `/api/cron/executions/${briefing}?offset=x`,
      '/api/cron/executions?beforeId=5',
      `/api/cron/executions?beforeStartedAt=${encodeURIComponent(STAMP)}`,
      '/api/cron/executions?beforeStartedAt=2026-02-30T00:00:00Z&beforeId=5',
      '/api/cron/executions?beforeStartedAt=yesterday&beforeId=5',
      `/api/cron/executions?beforeStartedAt=${encodeURIComponent(STAMP)}&beforeId=0`,
    ]) {
      const res = await user.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('answers execution pages with the same bytes as the route’s serialiser writes from the rows', async () => {
    h = await createHarness();
    const admin = await createUserAndSignIn(h, 'admin', true);
    const user = await createUserAndSignIn(h, 'user');
    const [health] = await insertJobs(await userIdOf(h, 'admin'), 'health_check', ['Health "daily" \\ check']);
    const [briefing] = await insertJobs(await userIdOf(h, 'user'), 'assistant_briefing', ['Briefing 😀']);
    const minute = (i: number) => new Date(Date.parse(STAMP) + Math.floor(i / 3) * 60_000).toISOString();
    await insertExecutions(health as string, 30, minute);
    await insertExecutions(briefing as string, 7, minute);
    // Runs as a script leaves them: failed with an error, output of every kind, one still running.
    const awkward = ['a"b\\c', '\u0001\b\t\n\f\r\u001f\u007f', '\u2028\u2029 é 😀', '</script>', 'x'.repeat(70_000)];
    const ids = await h.ctx.db.selectFrom('cron_executions').select('id').orderBy('id').execute();
    for (const [i, text] of awkward.entries())
      await h.ctx.db
        .updateTable('cron_executions')
        .set({
          status: i === 0 ? 'running' : 'failed',
          error: text,
          output: text,
          completed_at: i === 0 ? null : STAMP,
        })
        .where('id', '=', ids[i * 3]?.id as number)
        .execute();
    const cron = new CronService(h.ctx);
    const write = compileResponseSerializer(cronExecutionsResponse);
    const cut = (
      await cron.executions({ id: await userIdOf(h, 'admin'), isAdmin: true }, executionsQuery.parse({}))
    )[9];
    const cursor = `beforeStartedAt=${encodeURIComponent(cut?.started_at ?? '')}&beforeId=${cut?.id}`;
    for (const [client, viewer] of [
      [admin, { id: await userIdOf(h, 'admin'), isAdmin: true }],
      [user, { id: await userIdOf(h, 'user'), isAdmin: false }],
    ] as const) {
      for (const query of ['', 'limit=4', 'limit=5&offset=3', 'offset=200', cursor]) {
        for (const job of [undefined, viewer.isAdmin ? health : briefing]) {
          const url = `/api/cron/executions${job ? `/${job}` : ''}?${query}`;
          const res = await client.request({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          const parsed = executionsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
          expect(res.body, url).toBe(write(await cron.executions(viewer, parsed, job)));
        }
      }
    }
  });

  it('answers job pages with the same bytes as the route’s serialiser writes from the rows', async () => {
    h = await createHarness();
    const admin = await createUserAndSignIn(h, 'admin', true);
    const user = await createUserAndSignIn(h, 'user');
    const awkward = ['a"b\\c', '\u0001\b\t\n\f\r\u001f\u007f', '\u2028\u2029 é 😀', '</script>'];
    await insertJobs(await userIdOf(h, 'admin'), 'health_check', ['B', ...awkward]);
    await insertJobs(await userIdOf(h, 'user'), 'assistant_briefing', ['A', 'A', ...awkward]);
    // Configs as the service stores them (JSON.stringify), of every JSON kind.
    const configs = [
      {},
      { min_free_mb: 0 },
      {
        script: awkward.join(''),
        args: ['x', '', '😀'],
        keep: 7,
        ratio: 2.5,
        tiny: -3e-7,
        big: 1e21,
        on: true,
        none: null,
      },
      { nested: { list: [[], {}, [1, { a: 'b' }]] } },
    ];
    const jobs = await h.ctx.db.selectFrom('cron_jobs').select('id').orderBy('id').execute();
    for (const [i, job] of jobs.entries())
      await h.ctx.db
        .updateTable('cron_jobs')
        .set({
          job_config: JSON.stringify(configs[i % configs.length]),
          enabled: i % 2,
          description: awkward[i % awkward.length] as string,
          last_run: i % 3 ? STAMP : null,
        })
        .where('id', '=', job.id)
        .execute();
    const cron = new CronService(h.ctx);
    const write = compileResponseSerializer(cronJobsResponse);
    for (const [client, viewer] of [
      [admin, { id: await userIdOf(h, 'admin'), isAdmin: true }],
      [user, { id: await userIdOf(h, 'user'), isAdmin: false }],
    ] as const) {
      for (const [query, page] of [
        ['', { limit: CRON_JOBS_PAGE_DEFAULT, offset: 0 }],
        ['?limit=2&offset=1', { limit: 2, offset: 1 }],
        ['?offset=50', { limit: CRON_JOBS_PAGE_DEFAULT, offset: 50 }],
      ] as const) {
        const res = await client.request({ method: 'GET', url: `/api/cron/jobs${query}` });
        expect(res.statusCode).toBe(200);
        expect(res.body, query).toBe(write(await cron.list(viewer, page)));
      }
    }
  });
});
