import { expect, type Page, test } from '@playwright/test';
import { CRON_JOBS_PAGE_DEFAULT } from '#common/api/cron.js';
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
  await expect(page.getByLabel('Backups to keep')).toHaveValue('7');
  await page.getByLabel('Backups to keep').fill('5');
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
  await expect(page.getByLabel('Backups to keep')).toHaveValue('5');
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
  // Cancel with an unsaved change asks first; leaving keeps the saved schedule.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
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

const RAW_KEYS = ['keep', 'days', 'min_free_mb', 'notify_url', 'script', 'args', 'timeout_seconds'];

/** The labels of the job type's settings. */
const settingLabels = (page: Page) => page.getByRole('group', { name: 'Settings' }).locator('label').allTextContents();

test('each job type’s settings are labelled and explained in plain words, never by their keys', async ({ page }) => {
  await login(page, '/dashboard/cron-new');
  const settings = page.getByRole('group', { name: 'Settings' });
  const expected: Record<string, string[]> = {
    'Database backup': ['Backups to keep'],
    'Log cleanup': ['Keep run history for (days)', 'Backups to keep'],
    'Health check': ['Least free disk space (MB)', 'Address to notify (optional)'],
    'Custom script (not available)': ['Script', 'Arguments', 'Time limit (seconds)'],
  };
  for (const [type, labels] of Object.entries(expected)) {
    await page.getByLabel('Job type').selectOption({ label: type });
    const shown = (await settingLabels(page)).map((l) => l.replace(/\s*\*$/, ''));
    expect(shown, type).toEqual(labels);
    for (const key of RAW_KEYS) expect(shown, type).not.toContain(key);
    // Help text under every setting, with no key or environment variable name in it.
    await expect(settings.locator('p')).toHaveCount(labels.length);
    await expect(settings).not.toContainText(/\w_\w/);
  }
  await page.getByLabel('Job type').selectOption({ label: 'Health check' });
  await expect(page.getByLabel('Least free disk space (MB)')).toHaveValue('500');
  await expect(settings).toContainText('less free space than this');

  // A bad value is named by its label, before anything is sent.
  await page.getByLabel('Name').fill('Disk watch');
  await page.getByLabel('Least free disk space (MB)').fill('lots');
  await page.getByRole('button', { name: 'Create Job' }).click();
  await expect(settings.getByText('Least free disk space (MB) must be a whole number')).toBeVisible();
  await expect(page.getByLabel('Least free disk space (MB)')).toBeFocused();
});

test('a missing name is focused below the top bar, not left under it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await login(page, '/dashboard/cron-new');
  await page.getByLabel('Job type').selectOption({ label: 'Health check' });
  const create = page.getByRole('button', { name: 'Create Job' });
  await create.scrollIntoViewIfNeeded();
  await create.click();
  const name = page.getByLabel('Name');
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(name).toBeFocused();
  const bar = await page.locator('header').first().boundingBox();
  const field = await name.boundingBox();
  const label = await page.locator('label', { hasText: 'Name' }).first().boundingBox();
  expect(bar && field && label).toBeTruthy();
  if (!bar || !field || !label) return;
  // The field and its label are in view, below the sticky top bar.
  expect(label.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(field.y + field.height).toBeLessThanOrEqual(560);
});

test('the job form asks before leaving with unsaved changes: Stay keeps them, Leave goes', async ({ page }) => {
  await login(page, '/dashboard/cron-new');
  const name = page.getByLabel('Name');
  // Untouched: leaving does not ask.
  await page.getByRole('link', { name: 'Execution History' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cron-executions$/);
  await page.goto('/dashboard/cron-new');

  await name.fill('Half a job');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your unsaved changes to the new job will be lost.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/cron-new$/);
  await expect(name).toHaveValue('Half a job');

  await page.getByRole('link', { name: 'Execution History' }).click();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cron-executions$/);
});
