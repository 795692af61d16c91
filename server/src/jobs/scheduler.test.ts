import { afterEach, describe, expect, it } from 'vitest';
import { CRON_TEXT } from '#common/cronSchedule.js';
import { createHarness, type Harness } from '../test/harness.js';
import { executionsOf, FakeClock, gatedType, insertTestJob, insertTestUser } from './testing.js';

let h: Harness;
afterEach(async () => h?.close());

async function setup(opts: { timeoutMs?: number } = {}) {
  const clock = new FakeClock(Date.parse('2026-11-23T10:00:30Z'));
  const gate = gatedType();
  h = await createHarness({ scheduler: { clock, types: [gate.jobType], ...opts } });
  return { clock, gate, userId: await insertTestUser(h.ctx.db, 'admin') };
}

/** Waits until the gated type has received `n` runs (runs start in the background). */
async function runsStarted(gate: ReturnType<typeof gatedType>, n: number) {
  for (let i = 0; i < 500 && gate.runs.length < n; i++) await new Promise((r) => setTimeout(r, 5));
  expect(gate.runs.length).toBe(n);
}

describe('scheduler', () => {
  it('runs a due job once, records it, and moves next_run to the following slot', async () => {
    const { clock, gate, userId } = await setup();
    const job = await insertTestJob(h.ctx.db, userId, {
      job_type: 'test_gate',
      schedule: '* * * * *',
      next_run: '2026-11-23T10:01:00.000Z',
    });
    expect(await h.scheduler.tick()).toBe(0);
    clock.set('2026-11-23T10:01:00.200Z');
    expect(await h.scheduler.tick()).toBe(1);
    expect(await h.scheduler.tick()).toBe(0);
    await runsStarted(gate, 1);
    const row = await h.ctx.db.selectFrom('cron_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row.next_run).toBe('2026-11-23T10:02:00.000Z');
    expect(row.last_run).toBe('2026-11-23T10:01:00.200Z');
    expect((await executionsOf(h.ctx.db, job.id)).map((e) => e.status)).toEqual(['running']);
    clock.advance(1500);
    gate.runs[0]?.release('all good');
    await h.scheduler.idle();
    const [done] = await executionsOf(h.ctx.db, job.id);
    expect(done).toMatchObject({
      status: 'success',
      output: 'all good',
      error: null,
      trigger: 'schedule',
      scheduled_for: '2026-11-23T10:01:00.000Z',
      started_at: '2026-11-23T10:01:00.200Z',
      completed_at: '2026-11-23T10:01:01.700Z',
    });
  });

  it('records a run due while the last one is still running as skipped, and runs the next one', async () => {
    const { clock, gate, userId } = await setup();
    const job = await insertTestJob(h.ctx.db, userId, {
      job_type: 'test_gate',
      schedule: '* * * * *',
      next_run: '2026-11-23T10:01:00.000Z',
    });
    clock.set('2026-11-23T10:01:00Z');
    await h.scheduler.tick();
    clock.set('2026-11-23T10:02:00Z');
    await h.scheduler.tick();
    let execs = await executionsOf(h.ctx.db, job.id);
    expect(execs.map((e) => [e.status, e.error])).toEqual([
      ['running', null],
      ['cancelled', CRON_TEXT.skipped],
    ]);
    await runsStarted(gate, 1);
    gate.runs[0]?.release();
    await h.scheduler.idle();
    clock.set('2026-11-23T10:03:00Z');
    await h.scheduler.tick();
    await runsStarted(gate, 2);
    gate.runs[1]?.fail('disk full');
    await h.scheduler.idle();
    execs = await executionsOf(h.ctx.db, job.id);
    expect(execs.map((e) => [e.status, e.error])).toEqual([
      ['success', null],
      ['cancelled', CRON_TEXT.skipped],
      ['failure', 'disk full'],
    ]);
  });

  it('runs the runs missed while the server was down once, then keeps to the schedule', async () => {
    const { gate, userId } = await setup();
    const job = await insertTestJob(h.ctx.db, userId, {
      job_type: 'test_gate',
      schedule: '0 * * * *',
      next_run: '2026-11-23T03:00:00.000Z',
    });
    // Down from 02:30 to 10:00:30: seven hourly runs were missed.
    await h.scheduler.tick();
    await h.scheduler.tick();
    await runsStarted(gate, 1);
    gate.runs[0]?.release();
    await h.scheduler.idle();
    expect((await executionsOf(h.ctx.db, job.id)).length).toBe(1);
    const row = await h.ctx.db.selectFrom('cron_jobs').select('next_run').where('id', '=', job.id).executeTakeFirst();
    expect(row?.next_run).toBe('2026-11-23T11:00:00.000Z');
  });

  it('marks a run left running by a dead process as interrupted at the next start', async () => {
    const { userId } = await setup();
    const job = await insertTestJob(h.ctx.db, userId, { job_type: 'test_gate', schedule: '* * * * *', next_run: null });
    await h.ctx.db
      .insertInto('cron_executions')
      .values({
        job_id: job.id,
        status: 'running',
        trigger: 'schedule',
        scheduled_for: null,
        started_at: '2026-11-23T09:55:00.000Z',
        completed_at: null,
        error: null,
        output: null,
        instance_id: 'a process that died',
        // Quiet for five minutes: with PostgreSQL only such runs count as left behind, since
        // another live instance may be running the others.
        heartbeat_at: '2026-11-23T09:55:00.000Z',
      })
      .execute();
    await h.scheduler.start();
    await h.scheduler.stop();
    const [e] = await executionsOf(h.ctx.db, job.id);
    expect(e).toMatchObject({
      status: 'failure',
      error: CRON_TEXT.interrupted,
      completed_at: '2026-11-23T10:00:30.000Z',
    });
  });

  it('stops a run at its timeout and records the failure', async () => {
    const { gate, userId } = await setup({ timeoutMs: 50 });
    const job = await insertTestJob(h.ctx.db, userId, { job_type: 'test_gate', schedule: '* * * * *', next_run: null });
    await h.scheduler.trigger(job.id);
    await h.scheduler.idle();
    const [e] = await executionsOf(h.ctx.db, job.id);
    expect(e).toMatchObject({ status: 'failure', error: 'Timed out after 50 ms', trigger: 'manual' });
    expect(gate.runs[0]?.run.signal.aborted).toBe(true);
  });

  it('cancels a running execution, and cancelling it again says it is not running', async () => {
    const { gate, userId } = await setup();
    const job = await insertTestJob(h.ctx.db, userId, { job_type: 'test_gate', schedule: '* * * * *', next_run: null });
    const id = await h.scheduler.trigger(job.id);
    await expect(h.scheduler.trigger(job.id)).rejects.toThrow(CRON_TEXT.alreadyRunning);
    await runsStarted(gate, 1);
    expect(await h.scheduler.cancel(id)).toBe(true);
    await h.scheduler.idle();
    expect(gate.runs[0]?.run.signal.aborted).toBe(true);
    const [e] = await executionsOf(h.ctx.db, job.id);
    expect(e).toMatchObject({ status: 'cancelled', error: CRON_TEXT.cancelledByUser });
    expect(await h.scheduler.cancel(id)).toBe(false);
  });

  it('stops a run cancelled through another instance at its next heartbeat', async () => {
    const { gate, userId } = await setup();
    const job = await insertTestJob(h.ctx.db, userId, { job_type: 'test_gate', schedule: '* * * * *', next_run: null });
    const id = await h.scheduler.trigger(job.id);
    await runsStarted(gate, 1);
    // What another instance's cancel does: only the row changes.
    await h.ctx.db.updateTable('cron_executions').set({ status: 'cancelled' }).where('id', '=', id).execute();
    expect(gate.runs[0]?.run.signal.aborted).toBe(false);
    await h.scheduler.heartbeat();
    await h.scheduler.idle();
    expect(gate.runs[0]?.run.signal.aborted).toBe(true);
  });

  it('does not run disabled jobs or jobs without a next run', async () => {
    const { clock, gate, userId } = await setup();
    await insertTestJob(h.ctx.db, userId, {
      job_type: 'test_gate',
      schedule: '* * * * *',
      next_run: '2026-11-23T10:00:00.000Z',
      enabled: false,
    });
    await insertTestJob(h.ctx.db, userId, { job_type: 'test_gate', schedule: '* * * * *', next_run: null });
    clock.advance(3_600_000);
    expect(await h.scheduler.tick()).toBe(0);
    expect(gate.runs.length).toBe(0);
  });
});
