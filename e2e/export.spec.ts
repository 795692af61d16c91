import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { todayIn } from '../common/src/time.js';
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
  await expect(page.getByText(/^Imported: \d+ items added, 0 already here, 0 rejected\.$/)).toBeVisible();

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
