import { expect, test } from '@playwright/test';
import { todayIn } from '#common/time.js';
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

test.describe('the time-zone picker', () => {
  // Chromium names India's zone by its old name, Asia/Calcutta. A new account takes it at sign-in.
  test.use({ timezoneId: 'Asia/Calcutta' });
  let india: LlmApp;
  test.beforeAll(async () => {
    india = await startApp();
  });
  test.afterAll(async () => {
    await india?.close();
  });

  test('is searched and chosen with the keyboard alone, with canonical names and offsets, the browser zone first', async ({
    page,
  }) => {
    await signInAt(page, india.baseUrl, '/dashboard/calendar-settings');
    const headers = { authorization: `Bearer ${await storedToken(page)}` };
    // The browser's zone reached the account by its current name.
    await expect
      .poll(async () => (await (await page.request.get(`${india.baseUrl}/api/settings`, { headers })).json()).timezone)
      .toBe('Asia/Kolkata');
    await page.reload();

    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('Kolkata (Asia) · UTC+05:30');
    await expect(zone).toHaveAttribute('aria-expanded', 'false');

    // Keyboard only: Tab to the field, open the list; the browser's zone comes first.
    await zone.focus();
    await zone.press('ArrowDown');
    await expect(zone).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('listbox', { name: 'Time zones' });
    await expect(list.getByRole('option').first()).toHaveAccessibleName('Kolkata (Asia) · UTC+05:30, this browser');
    await expect(page.getByRole('option', { name: /Calcutta|Kiev/ })).toHaveCount(0);
    await zone.press('Escape');
    await expect(zone).toHaveAttribute('aria-expanded', 'false');

    // An older name finds today's; so does an offset.
    await zone.pressSequentially('kiev');
    await expect(list.getByRole('option')).toHaveText([/^Kyiv/]);
    await zone.fill('+05:45');
    await expect(list.getByRole('option')).toHaveText([/^Kathmandu/]);

    await zone.fill('');
    await zone.pressSequentially('tok');
    await expect(list.getByRole('option').first()).toHaveAccessibleName(/^Tokyo \(Asia\) · UTC\+09:00/);
    await zone.press('Enter');
    await expect(zone).toHaveValue('Tokyo (Asia) · UTC+09:00');
    // Shift+Tab and Tab are not needed: Enter on the field's form saves nothing by itself.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save Time Zone' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Time zone saved')).toBeVisible();

    // Back to India through the list: type, move with the arrows, pick with Enter.
    await zone.focus();
    await zone.pressSequentially('kolk');
    await expect(list.getByRole('option')).toHaveCount(1);
    await zone.press('ArrowDown');
    await zone.press('ArrowUp');
    await expect(zone).toHaveAttribute('aria-activedescendant', /.+/);
    await zone.press('Enter');
    await page.getByRole('button', { name: 'Save Time Zone' }).click();
    await expect(page.getByText('Time zone saved').last()).toBeVisible();
    await expect
      .poll(async () => (await (await page.request.get(`${india.baseUrl}/api/settings`, { headers })).json()).timezone)
      .toBe('Asia/Kolkata');
  });
});
