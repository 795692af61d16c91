import { expect, test } from '@playwright/test';
import { DEVICE_COOKIE, MESSAGES } from '#common/constants.js';
import { ADMIN, submitLogin } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

// Its own instance: the failures below make the administrator's name wait, which no other spec may meet.
let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

test("failed sign-ins with the owner's name cannot lock the owner's own browser out", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(60_000);
  // The owner signs in once in this browser, which keeps a device cookie for the sign-in route only.
  await signInAt(page, app.baseUrl, '/dashboard');
  const device = (await page.context().cookies(`${app.baseUrl}/api/auth/login`)).find((c) => c.name === DEVICE_COOKIE);
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Someone else fails a dozen times with the owner's name (on loopback the same address: without the cookie).
  const stranger = await playwright.request.newContext();
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await stranger.post(`${app.baseUrl}/api/auth/login`, {
      data: { username: ADMIN.username, password: `wrong guess ${i}` },
    });
    statuses.push(res.status());
  }
  await stranger.dispose();
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses.slice(10)).toEqual([429, 429]);

  // A browser that never signed in here waits, even with the right password…
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(`${app.baseUrl}/login`);
  await submitLogin(other);
  await expect(other.getByRole('alert')).toHaveText(MESSAGES.tooManyAttempts);
  await expect(other).toHaveURL(/\/login/);
  await fresh.close();

  // …while the owner's browser signs in.
  await submitLogin(page);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
