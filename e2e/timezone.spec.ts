import { expect, test } from '@playwright/test';
import { todayIn } from '../common/src/time.js';
import { storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

// Its own app: the zone is set once per account, on its first sign-in.
let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

// Fourteen hours ahead of UTC: its today is usually not the machine's.
const ZONE = 'Pacific/Kiritimati';
test.use({ timezoneId: ZONE });

test("the first sign-in gives the account the browser's zone, and dates follow it", async ({ page }) => {
  await signInAt(page, app.baseUrl, '/workout/log');
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  await expect
    .poll(async () => (await (await page.request.get(`${app.baseUrl}/api/settings`, { headers })).json()).timezone)
    .toBe(ZONE);
  await expect(page.getByLabel('Date')).toHaveValue(todayIn(ZONE));

  // Changed in settings, it is not overwritten by the browser's at the next sign-in.
  const put = await page.request.put(`${app.baseUrl}/api/settings`, {
    headers: { ...headers, origin: app.baseUrl },
    data: { timezone: 'Europe/Lisbon' },
  });
  expect(put.ok()).toBe(true);
  await page.reload();
  await expect(page.getByLabel('Date')).toHaveValue(todayIn('Europe/Lisbon'));
  expect((await (await page.request.get(`${app.baseUrl}/api/settings`, { headers })).json()).timezone).toBe(
    'Europe/Lisbon',
  );
});
