import { afterEach, describe, expect, it } from 'vitest';
import { CRON_TEXT } from '#common/cronSchedule.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { expectOnlyOwnerCanReach } from '../../test/ownership.js';
import { setUserTimeZone } from '../../time/userZone.js';

let h: Harness;
afterEach(async () => h?.close());

const backupJob = {
  name: 'Nightly backup',
  description: 'Keeps a week',
  schedule: '0 0 * * *',
  job_type: 'database_backup',
  job_config: { keep: '3' },
  enabled: true,
};

async function setup() {
  h = await createHarness();
  const admin = await createUserAndSignIn(h, 'admin', true);
  const user = await createUserAndSignIn(h, 'user');
  return { admin, user };
}

async function createJob(c: Client, payload: Record<string, unknown>) {
  const res = await c.request({ method: 'POST', url: '/api/cron/jobs', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('cron jobs API', () => {
  it('creates, reads, lists, updates, toggles and deletes a job', async () => {
    const { admin } = await setup();
    const job = await createJob(admin, backupJob);
    expect(job).toMatchObject({
      name: 'Nightly backup',
      description: 'Keeps a week',
      schedule: '0 0 * * *',
      timezone: 'UTC',
      job_type: 'database_backup',
      job_config: { keep: 3 },
      enabled: true,
      last_run: null,
    });
    expect(job.next_run).toMatch(/T00:00:00\.000Z$/);
    expect(Date.parse(job.next_run)).toBeGreaterThan(Date.now());

    expect((await admin.request({ method: 'GET', url: `/api/cron/jobs/${job.job_uuid}` })).json()).toEqual(job);
    expect((await admin.request({ method: 'GET', url: '/api/cron/jobs' })).json()).toEqual([job]);

    const off = await admin.request({
      method: 'PUT',
      url: `/api/cron/jobs/${job.job_uuid}`,
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({
      enabled: false,
      next_run: null,
      name: 'Nightly backup',
      job_config: { keep: 3 },
    });
    const on = await admin.request({
      method: 'PUT',
      url: `/api/cron/jobs/${job.job_uuid}`,
      payload: { enabled: true, schedule: '*/15 * * * *', name: 'Backup often' },
    });
    expect(on.json()).toMatchObject({ enabled: true, name: 'Backup often', schedule: '*/15 * * * *' });
    expect(new Date(on.json().next_run).getUTCMinutes() % 15).toBe(0);

    const full = await admin.request({
      method: 'PUT',
      url: `/api/cron/jobs/${job.job_uuid}`,
      payload: { ...backupJob, job_type: 'log_cleanup', job_config: {} },
    });
    expect(full.json()).toMatchObject({ job_type: 'log_cleanup', job_config: { days: 30, keep: 7 } });

    const del = await admin.request({ method: 'DELETE', url: `/api/cron/jobs/${job.job_uuid}` });
    expect(del.statusCode).toBe(204);
    const gone = await admin.request({ method: 'GET', url: `/api/cron/jobs/${job.job_uuid}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: CRON_TEXT.jobNotFound });
  });

  it("reads the schedule in the creating user's time zone", async () => {
    const { admin } = await setup();
    const id = await userIdOf(h, 'admin');
    await setUserTimeZone(h.ctx.db, id, 'Asia/Tokyo');
    const job = await createJob(admin, backupJob);
    expect(job.timezone).toBe('Asia/Tokyo');
    // Midnight in Tokyo is 15:00 UTC.
    expect(job.next_run).toMatch(/T15:00:00\.000Z$/);
  });

  it('refuses bad input with the message the form shows, and stores nothing', async () => {
    const { admin } = await setup();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...backupJob, schedule: '61 * * * *' }, 'Invalid schedule: Invalid value for minute: 61'],
      [{ ...backupJob, schedule: 'every day' }, expect.stringMatching(/^Invalid schedule: use five fields/) as never],
      [{ ...backupJob, schedule: '0 0 31 2 *' }, 'Invalid schedule: it never runs'],
      [{ ...backupJob, schedule: ' ' }, CRON_TEXT.scheduleRequired],
      [{ ...backupJob, name: '  ' }, CRON_TEXT.nameRequired],
      [{ ...backupJob, job_type: '' }, CRON_TEXT.typeRequired],
      [{ ...backupJob, job_type: 'mine_bitcoin' }, 'Unknown job type: mine_bitcoin'],
      [{ ...backupJob, job_config: { keep: 2.5 } }, 'Backups to keep must be a whole number'],
      [{ ...backupJob, job_config: { keep: 'seven' } }, 'Backups to keep must be a whole number'],
      [{ ...backupJob, job_config: { keep: 0 } }, 'Backups to keep must be at least 1'],
      [{ ...backupJob, job_config: { keep: 3, extra: 1 } }, 'Unknown setting: extra'],
      [{ ...backupJob, name: 'x'.repeat(5000) }, expect.stringContaining('name') as never],
    ];
    for (const [payload, error] of cases) {
      const res = await admin.request({ method: 'POST', url: '/api/cron/jobs', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const health = await admin.request({
      method: 'POST',
      url: '/api/cron/jobs',
      payload: { ...backupJob, job_type: 'health_check', job_config: { min_free_mb: '' } },
    });
    expect(health.json().job_config).toEqual({ min_free_mb: 500 });
    await admin.request({ method: 'DELETE', url: `/api/cron/jobs/${health.json().job_uuid}` });
    const malformed = await admin.request({
      method: 'POST',
      url: '/api/cron/jobs',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await admin.request({ method: 'GET', url: '/api/cron/jobs' })).json()).toEqual([]);

    const job = await createJob(admin, backupJob);
    for (const payload of [{ schedule: '* * *' }, {}, { job_config: { keep: -1 } }]) {
      const res = await admin.request({ method: 'PUT', url: `/api/cron/jobs/${job.job_uuid}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await admin.request({ method: 'GET', url: `/api/cron/jobs/${job.job_uuid}` })).json()).toEqual(job);
    for (const url of ['/api/cron/jobs/not-a-uuid', '/api/cron/executions?limit=abc', '/api/cron/executions?limit=0']) {
      expect((await admin.request({ method: 'GET', url })).statusCode, url).toBe(400);
    }
  });

  it('keeps system jobs to administrators, and briefing jobs to their owner', async () => {
    const { admin, user } = await setup();
    const system = await createJob(admin, backupJob);
    const adminBriefing = await createJob(admin, { ...backupJob, job_type: 'assistant_briefing', job_config: {} });
    const userBriefing = await createJob(user, { ...backupJob, job_type: 'assistant_briefing', job_config: {} });

    const forUser = await user.request({ method: 'GET', url: '/api/cron/jobs' });
    expect(forUser.json().map((j: { job_uuid: string }) => j.job_uuid)).toEqual([userBriefing.job_uuid]);
    const forAdmin = await admin.request({ method: 'GET', url: '/api/cron/jobs' });
    expect(
      forAdmin
        .json()
        .map((j: { job_uuid: string }) => j.job_uuid)
        .sort(),
    ).toEqual([system.job_uuid, adminBriefing.job_uuid].sort());
    const types = (await user.request({ method: 'GET', url: '/api/cron/job-types' })).json();
    expect(types.map((t: { type: string }) => t.type)).toEqual(['assistant_briefing']);
    const adminTypes = (await admin.request({ method: 'GET', url: '/api/cron/job-types' })).json();
    expect(adminTypes.map((t: { type: string }) => t.type)).toEqual([
      'database_backup',
      'log_cleanup',
      'health_check',
      'custom_script',
      'assistant_briefing',
    ]);
    expect(adminTypes[0]).toEqual({
      type: 'database_backup',
      name: 'Database backup',
      description: expect.any(String),
      configSchema: {
        keep: {
          type: 'number',
          label: 'Backups to keep',
          required: true,
          default: 7,
          min: 1,
          description: expect.any(String),
        },
      },
      available: true,
      reason: null,
    });
    // Every setting the form shows is named and explained in plain words: no raw key, no
    // environment variable name.
    const fields = adminTypes.flatMap((t: { configSchema: Record<string, { label: string; description: string }> }) =>
      Object.entries(t.configSchema),
    ) as Array<[string, { label: string; description: string }]>;
    expect(fields.length).toBeGreaterThan(5);
    for (const [key, field] of fields) {
      expect(field.label, key).toMatch(/^[A-Z][a-z]/);
      expect(field.label, key).not.toContain('_');
      expect(field.description, key).not.toMatch(/\b[A-Z]+_[A-Z_]+\b|\b[a-z]+_[a-z_]+\b/);
    }

    for (const type of ['database_backup', 'log_cleanup', 'health_check', 'custom_script']) {
      const res = await user.request({
        method: 'POST',
        url: '/api/cron/jobs',
        payload: { ...backupJob, job_type: type },
      });
      expect(res.statusCode, type).toBe(403);
      expect(res.json()).toEqual({ error: CRON_TEXT.adminOnly });
    }
    const u = `/api/cron/jobs/${system.job_uuid}`;
    for (const req of [
      { method: 'GET' as const, url: u },
      { method: 'PUT' as const, url: u, payload: { enabled: false } },
      { method: 'DELETE' as const, url: u },
      { method: 'POST' as const, url: `${u}/trigger` },
      { method: 'GET' as const, url: `/api/cron/executions/${system.job_uuid}` },
    ]) {
      const res = await user.request(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
    }
    // Nor can a user turn their briefing into a system job.
    const sneaky = await user.request({
      method: 'PUT',
      url: `/api/cron/jobs/${userBriefing.job_uuid}`,
      payload: { job_type: 'custom_script' },
    });
    expect(sneaky.statusCode).toBe(403);
    // An administrator does not manage another user's briefing.
    expect((await admin.request({ method: 'GET', url: `/api/cron/jobs/${userBriefing.job_uuid}` })).statusCode).toBe(
      404,
    );

    await admin.request({ method: 'POST', url: `${u}/trigger` });
    await user.request({ method: 'POST', url: `/api/cron/jobs/${userBriefing.job_uuid}/trigger` });
    await h.scheduler.idle();
    const userRuns = (await user.request({ method: 'GET', url: '/api/cron/executions' })).json();
    expect(userRuns.map((e: { job_uuid: string }) => e.job_uuid)).toEqual([userBriefing.job_uuid]);
    const adminRuns = (await admin.request({ method: 'GET', url: '/api/cron/executions' })).json();
    expect(adminRuns.map((e: { job_uuid: string }) => e.job_uuid)).toEqual([system.job_uuid]);
  });

  it("lets only a briefing's owner reach it", async () => {
    h = await createHarness();
    await expectOnlyOwnerCanReach(h, {
      create: async (owner) =>
        (await createJob(owner, { ...backupJob, job_type: 'assistant_briefing', job_config: {} })).job_uuid as string,
      requests: (id) => [
        { method: 'GET', url: `/api/cron/jobs/${id}` },
        { method: 'PUT', url: `/api/cron/jobs/${id}`, payload: { enabled: false, name: 'stolen' } },
        { method: 'DELETE', url: `/api/cron/jobs/${id}` },
        { method: 'POST', url: `/api/cron/jobs/${id}/trigger` },
        { method: 'GET', url: `/api/cron/executions/${id}` },
      ],
      stillThere: async (owner, id) => {
        const res = await owner.request({ method: 'GET', url: `/api/cron/jobs/${id}` });
        expect(res.json()).toMatchObject({ enabled: true, name: 'Nightly backup', last_run: null });
        const runs = await owner.request({ method: 'GET', url: `/api/cron/executions/${id}` });
        expect(runs.json()).toEqual([]);
      },
    });
  });

  it('runs a job now, lists its executions newest first within the limit, and cancels a running one', async () => {
    const { admin } = await setup();
    const job = await createJob(admin, { ...backupJob, job_type: 'health_check', job_config: { min_free_mb: 0 } });
    const trig = await admin.request({ method: 'POST', url: `/api/cron/jobs/${job.job_uuid}/trigger` });
    expect(trig.statusCode).toBe(202);
    expect(trig.json()).toMatchObject({ job_uuid: job.job_uuid, job_name: 'Nightly backup', trigger: 'manual' });
    // A quick job may already have finished when the answer is written.
    expect(['running', 'success']).toContain(trig.json().status);
    await h.scheduler.idle();
    await admin.request({ method: 'POST', url: `/api/cron/jobs/${job.job_uuid}/trigger` });
    await h.scheduler.idle();
    const all = (await admin.request({ method: 'GET', url: '/api/cron/executions' })).json();
    expect(all).toHaveLength(2);
    expect(all[0].id).toBeGreaterThan(all[1].id);
    expect(all[0]).toMatchObject({ status: 'success', trigger: 'manual', job_type: 'health_check', error: null });
    expect(all[0].completed_at >= all[0].started_at).toBe(true);
    const one = (await admin.request({ method: 'GET', url: `/api/cron/executions/${job.job_uuid}?limit=1` })).json();
    expect(one).toEqual([all[0]]);
    const again = (await admin.request({ method: 'GET', url: `/api/cron/jobs/${job.job_uuid}` })).json();
    expect(again.last_run).not.toBeNull();

    const notRunning = await admin.request({ method: 'POST', url: `/api/cron/executions/${all[0].id}/cancel` });
    expect(notRunning.statusCode).toBe(409);
    expect(notRunning.json()).toEqual({ error: CRON_TEXT.notRunning });
    expect((await admin.request({ method: 'POST', url: '/api/cron/executions/999999/cancel' })).statusCode).toBe(404);

    await admin.request({ method: 'PUT', url: `/api/cron/jobs/${job.job_uuid}`, payload: { enabled: false } });
    const disabled = await admin.request({ method: 'POST', url: `/api/cron/jobs/${job.job_uuid}/trigger` });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json()).toEqual({ error: CRON_TEXT.disabled });
  });

  it('documents every route with an operationId, the cron tag and its error statuses', async () => {
    h = await createHarness();
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = Object.entries(
      doc.paths as Record<
        string,
        Record<string, { operationId: string; tags: string[]; responses: Record<string, unknown> }>
      >,
    )
      .filter(([p]) => p.startsWith('/api/cron'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(ops.map((o) => o.operationId).sort()).toEqual([
      'cron.cancelExecution',
      'cron.createJob',
      'cron.deleteJob',
      'cron.getJob',
      'cron.listExecutions',
      'cron.listJobExecutions',
      'cron.listJobTypes',
      'cron.listJobs',
      'cron.triggerJob',
      'cron.updateJob',
    ]);
    for (const o of ops) {
      expect(o.tags).toEqual(['cron']);
      expect(o.responses).toHaveProperty('401');
    }
  });
});
