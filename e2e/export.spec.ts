import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { todayIn } from '#common/time.js';
import { storedToken, submitLogin } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

const ZONE = 'Asia/Tokyo';
test.use({ timezoneId: ZONE });

/** Adds an account with the users command, against this app's data directory. */
function addUser(username: string, password: string) {
  execFileSync('npx', ['tsx', 'server/src/cli.ts', 'users', 'add', username], {
    input: `${password}\n`,
    env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
}

async function api(page: Page, path: string, data: unknown) {
  const headers = { authorization: `Bearer ${await storedToken(page)}`, origin: app.baseUrl };
  const res = await page.request.post(`${app.baseUrl}/api${path}`, { headers, data });
  expect(res.ok()).toBe(true);
}

test('export, then import into another account and find the notes there', async ({ page }) => {
  test.setTimeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-e2e-export-'));
  await signInAt(page, app.baseUrl, '/dashboard');
  const today = todayIn(ZONE);
  await api(page, `/notes/daily/${today}`, { content: '## Goals for the Day\n- Carry my notes across\n' });
  await api(page, '/todos', { content: 'Water the plants' });

  // Data Management is reached from the Stats tab.
  await page.goto(`${app.baseUrl}/dashboard/stats`);
  await page.getByRole('link', { name: 'Data Management' }).click();
  await expect(page).toHaveURL(/\/dashboard\/data-settings$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all my data' }).click();
  const file = path.join(dir, (await download).suggestedFilename());
  await (await download).saveAs(file);
  expect(path.basename(file)).toMatch(/^daymark-admin-\d{4}-\d{2}-\d{2}\.zip$/);

  addUser('robin', 'robin-password-123');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`${app.baseUrl}/login?next=${encodeURIComponent('/dashboard/data-settings')}`);
  await submitLogin(page, 'robin', 'robin-password-123');
  await expect(page.getByRole('heading', { name: 'Data Management' })).toBeVisible();

  await page.getByLabel('Export file to import').setInputFiles(file);
  await expect(page.getByText(/would add/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Todos 1 0 0/ })).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  // Both accounts are in the browser's zone: the time zone is already here.
  await expect(page.getByText(/^Imported: \d+ items added, 1 already here, 0 rejected\.$/)).toBeVisible();

  // Robin's day now shows the imported goal, and the note is in the list.
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByText('Carry my notes across')).toBeVisible();
  await page.goto(`${app.baseUrl}/todos`);
  await expect(page.getByText('Water the plants')).toBeVisible();

  // A second import of the same file adds nothing; the Transcripts section leads there too.
  await page.goto(`${app.baseUrl}/transcript`);
  await page.getByRole('link', { name: 'Data Management' }).click();
  await expect(page).toHaveURL(/\/dashboard\/data-settings$/);
  await page.getByLabel('Export file to import').setInputFiles(file);
  await expect(page.getByText(/would add 0 items/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // Something that is not an export is refused with a clear message.
  const bogus = path.join(dir, 'bogus.zip');
  fs.writeFileSync(bogus, 'not a zip at all');
  await page.getByLabel('Export file to import').setInputFiles(bogus);
  await expect(page.getByRole('alert')).toHaveText('This file is not a Daymark export: it is not a zip file.');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('Data Management lists more transcripts than one page, loads more, and selects and deletes all of them', async ({
  page,
}) => {
  // A thousand rows to import, list and delete: longer than the default on a busy machine.
  test.setTimeout(240_000);
  const many = 1005;
  await signInAt(page, app.baseUrl, '/dashboard/data-settings');
  // The transcripts arrive in one import (an export written for this test).
  const transcripts = Array.from({ length: many }, (_, i) => ({
    date: '2026-01-05',
    title: `Standup ${i + 1}`,
    content: 'We met',
    context: null,
    transcript_type: 'impromptu',
    google_event_id: null,
    google_event_etag: null,
    google_recurring_event_id: null,
    event_start: null,
    created_at: new Date(Date.UTC(2026, 0, 5, 9, 0, 0, i)).toISOString(),
  }));
  const doc = { format: 'daymark-export', schemaVersion: 1, tables: { transcripts } };
  const res = await page.request.post(`${app.baseUrl}/api/import`, {
    headers: {
      authorization: `Bearer ${await storedToken(page)}`,
      origin: app.baseUrl,
      'content-type': 'application/zip',
    },
    data: Buffer.from(zipSync({ 'daymark.json': strToU8(JSON.stringify(doc)) })),
  });
  expect(res.ok()).toBe(true);

  await page.reload();
  await page.getByRole('tab', { name: 'Meeting Transcripts' }).click();
  const list = page.getByRole('list', { name: 'transcripts' });
  await expect(list.getByRole('listitem')).toHaveCount(200);
  await page.screenshot({ path: 'test-results/data-management-paged.png' });
  await expect(page.getByText('Showing 200 transcripts of 1,005.')).toBeVisible();
  await expect(list.getByText('Standup 1005', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(400);

  // Select all covers every transcript, also those not shown yet.
  // The rest are read first (the box is ticked once they are in).
  await page.getByRole('checkbox', { name: `Select all (${many})` }).click();
  await expect(page.getByRole('checkbox', { name: 'Deselect all' })).toBeChecked({ timeout: 60_000 });
  await expect(list.getByRole('listitem')).toHaveCount(many);
  await expect(list.getByText('Standup 1', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.getByRole('button', { name: `Delete Selected (${many})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 1,005 transcripts?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No meeting transcripts.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Deleted 1,005 transcripts.')).toBeVisible();
});
