import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { FakeClock, insertTestJob, insertTestUser } from './testing.js';
import type { JobType } from './types/jobType.js';

const instant: JobType = {
  type: 'test_instant',
  name: 'Instant',
  description: 'test',
  configSchema: {},
  system: true,
  timeoutMs: () => 60_000,
  unavailable: () => null,
  run: async ({ now }) => ({ output: now().toISOString() }),
};

let a: Harness | undefined;
let b: Harness | undefined;
afterEach(async () => {
  await b?.close();
  await a?.close();
});

// Several instances share a database only with PostgreSQL: a SQLite file belongs to one process
// (and two handles in one process would wait on each other's locks with the event loop blocked).
describe.skipIf(!process.env.TEST_DATABASE_URL)('several app instances on one PostgreSQL database', () => {
  it('run each due run exactly once', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T10:00:30Z'));
    const opts = { scheduler: { clock, types: [instant] } };
    a = await createHarness(opts);
    b = await createHarness({ ...opts, shareWith: a });
    const userId = await insertTestUser(a.ctx.db, 'admin');
    const jobs = [];
    for (let i = 0; i < 12; i++) {
      jobs.push(
        await insertTestJob(a.ctx.db, userId, {
          job_type: 'test_instant',
          schedule: i % 2 ? '* * * * *' : '*/2 * * * *',
          next_run: '2026-11-23T10:01:00.000Z',
        }),
      );
    }
    const minutes = 20;
    for (let m = 1; m <= minutes; m++) {
      clock.set(new Date(Date.parse('2026-11-23T10:00:00Z') + m * 60_000 + 100).toISOString());
      await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick(), b.scheduler.tick()]);
      await Promise.all([a.scheduler.idle(), b.scheduler.idle()]);
    }
    const rows = await a.ctx.db.selectFrom('cron_executions').selectAll().execute();
    expect(rows.every((r) => r.status === 'success')).toBe(true);
    for (const [i, job] of jobs.entries()) {
      const runs = rows.filter((r) => r.job_id === job.id);
      const slots = runs.map((r) => r.scheduled_for).sort();
      // Every minute: 20 runs; every other minute: 10:02, 10:04 … 10:20 plus the first at 10:01.
      expect(slots.length, `job ${i}`).toBe(i % 2 ? minutes : minutes / 2 + 1);
      expect(new Set(slots).size, `job ${i} ran a slot twice`).toBe(slots.length);
    }
    const instances = new Set(rows.map((r) => r.instance_id));
    expect([...instances].every((id) => id === a?.scheduler.instanceId || id === b?.scheduler.instanceId)).toBe(true);
  });
});
