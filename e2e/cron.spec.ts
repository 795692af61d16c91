import { expect, test } from '@playwright/test';
import { CRON_JOBS_PAGE_DEFAULT } from '../common/src/api/cron.js';
import { login, storedToken } from './helpers.js';

test('schedule a backup from a preset, run it, see it in the history, toggle, edit and delete it', async ({ page }) => {
  await login(page, '/dashboard/cron-jobs');
  await expect(page.getByText('No scheduled jobs yet')).toBeVisible();
  await page.getByRole('link', { name: 'New Job' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/cron-new$/);

  // The new-job defaults of the spec: hourly, database backup, enabled.
  await expect(page.getByLabel('Schedule')).toHaveValue('0 * * * *');
  await expect(page.getByLabel('Job type')).toHaveValue('database_backup');
  await expect(page.getByLabel('Enabled')).toBeChecked();
  await expect(page.getByRole('list', { name: 'Next runs' }).getByRole('listitem')).toHaveCount(3);

  // Required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Create Job' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name').fill('Nightly backup');
  await page.getByLabel('Schedule').selectOption({ label: 'Every day at midnight' });
  await expect(page.getByLabel('keep')).toHaveValue('7');
  await page.getByLabel('keep').fill('5');
  await page.getByRole('button', { name: 'Create Job' }).click();

  await expect(page).toHaveURL(/\/dashboard\/cron-jobs$/);
  const job = page.getByRole('listitem', { name: 'Nightly backup' });
  await expect(job.getByText('Every day at midnight')).toBeVisible();
  await expect(job.locator('[data-icon="database_backup"]')).toBeVisible();

  await job.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByText('Job triggered successfully')).toBeVisible();

  await page.getByRole('link', { name: 'Execution History' }).click();
  const run = page.getByRole('listitem', { name: 'Nightly backup Success' });
  await expect(run).toBeVisible();
  await expect(run.getByTitle('Duration')).toHaveText(/^\d+(ms|\.\ds|\.\dm)$/);
  await run.getByText('Details').click();
  await expect(run.getByText(/Backup written: .*daymark-\d{8}T\d{9}Z\.sqlite/)).toBeVisible();
  await expect(run.getByText(/Verified: integrity check ok/)).toBeVisible();

  // Toggle: Run Now only while enabled; the state survives a reload.
  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await job.getByRole('switch').click();
  await expect(job.getByRole('switch')).not.toBeChecked();
  await expect(job.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
  await page.reload();
  await expect(job.getByRole('switch')).not.toBeChecked();
  await job.getByRole('switch').click();
  await expect(job.getByRole('button', { name: 'Run Now' })).toBeVisible();

  // Edit the name.
  await job.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cron-edit\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('keep')).toHaveValue('5');
  await page.getByLabel('Name').fill('Backup at midnight');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('listitem', { name: 'Backup at midnight' })).toBeVisible();

  // A bad custom schedule shows the server's message and changes nothing.
  const renamed = page.getByRole('listitem', { name: 'Backup at midnight' });
  await renamed.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Schedule').selectOption({ label: 'Custom' });
  await page.getByLabel('Cron expression').fill('61 * * * *');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid schedule: Invalid value for minute: 61');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(renamed.getByText('Every day at midnight')).toBeVisible();

  // Delete after the spec's confirmation.
  await renamed.getByRole('button', { name: 'Delete Backup at midnight' }).click();
  await expect(page.getByRole('dialog').getByText('Are you sure you want to delete this job?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No scheduled jobs yet')).toBeVisible();
});

test('a long job list shows a page at a time; Show more reads the rest', async ({ page }) => {
  await login(page, '/dashboard/cron-jobs');
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const count = CRON_JOBS_PAGE_DEFAULT + 5;
  const nameOf = (i: number) => `Briefing ${String(i).padStart(3, '0')}`;
  const uuids: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const res = await page.request.post('/api/cron/jobs', {
        headers,
        data: { name: nameOf(i), schedule: '0 7 * * *', job_type: 'assistant_briefing' },
      });
      expect(res.ok()).toBe(true);
      uuids.push((await res.json()).job_uuid);
    }
    await page.reload();
    const jobs = page.getByRole('list').filter({ has: page.getByRole('listitem', { name: 'Briefing 000' }) });
    await expect(jobs.getByRole('listitem')).toHaveCount(CRON_JOBS_PAGE_DEFAULT);
    await expect(page.getByRole('listitem', { name: nameOf(count - 1) })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(jobs.getByRole('listitem')).toHaveCount(count);
    await expect(page.getByRole('listitem', { name: nameOf(count - 1) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  } finally {
    for (const uuid of uuids) await page.request.delete(`/api/cron/jobs/${uuid}`, { headers });
  }
});
