import { expect, type Page, test } from '@playwright/test';
import { addDays, sundayOf, todayIn } from '#common/time.js';
import { storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

// Its own app, so the week's data is exactly what this spec writes.
let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

const ZONE = 'America/Los_Angeles';
test.use({ timezoneId: ZONE });

async function api(page: Page, method: 'POST' | 'PUT' | 'GET', path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await storedToken(page)}`, origin: app.baseUrl };
  const res = await page.request.fetch(`${app.baseUrl}/api${path}`, { method, headers, data });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return res;
}

test('an empty day: no goal, no workout, the week grid and the calendar prompt', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard');
  await expect(page.getByText('No workout planned for today')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Generate Workout' })).toHaveAttribute('href', '/workout');
  await expect(page.getByRole('heading', { name: 'This Week' })).toBeVisible();
  const days = page.getByRole('list', { name: 'This Week' }).getByRole('listitem');
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveAccessibleName(/^Sunday \d+/);
  await expect(page.getByRole('link', { name: 'Calendar Settings' })).toHaveAttribute(
    'href',
    '/dashboard/calendar-settings',
  );
});

test("the overview shows today's goal, today's workout and the completed days of this week", async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard');
  await expect.poll(async () => (await (await api(page, 'GET', '/settings')).json()).timezone).toBe(ZONE);
  const today = todayIn(ZONE);
  const sunday = sundayOf(today);
  await api(page, 'POST', `/notes/daily/${today}`, {
    content: '## Goals for the Day\n- Run by the river\n\n## Morning Preparation\n### Energy Level 7/10\n',
  });
  await api(page, 'GET', `/workout/stream?date=${today}`);
  await api(page, 'POST', '/workout-log', { date: sunday, entry: 'Ran 5k' });
  await api(page, 'POST', '/workout-log', { date: addDays(sunday, 1), entry: 'Rest', workout_skipped: true });

  await page.reload();
  await expect(page.getByText('Run by the river')).toBeVisible();
  // On a Sunday, today's own log says done: the card says so too.
  await expect(
    page.getByText(sunday === today ? 'Workout completed. Well done!' : 'Ready for you to start!'),
  ).toBeVisible();
  if (sunday !== today) await expect(page.getByRole('link', { name: 'Start Now' })).toHaveAttribute('href', '/workout');
  const grid = page.getByRole('list', { name: 'This Week' });
  const sundayCell = grid.getByRole('listitem').first();
  await expect(sundayCell).toHaveAccessibleName(
    new RegExp(`^Sunday ${Number(sunday.slice(8))}(, today)?, workout completed$`),
  );
  await expect(grid.getByRole('listitem').nth(1)).not.toHaveAccessibleName(/workout completed/);
  await expect(grid.locator('[aria-current="date"]')).toHaveCount(1);
  await expect(grid.locator('[aria-current="date"]')).toHaveAccessibleName(
    new RegExp(`^\\w+ ${Number(today.slice(8))}, today`),
  );

  // View Journal opens today's note at its morning part; leaving returns to the overview.
  await page.getByRole('link', { name: 'View Journal' }).click();
  await expect(page).toHaveURL(/\/journal\/morning$/);
  const text = page.getByLabel('Daily note text');
  await expect(text).toBeFocused();
  await expect(text).toHaveValue(/Run by the river/);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The evening part is added when the note has none, at the caret.
  await page.goto(`${app.baseUrl}/journal/evening`);
  await expect(page.getByLabel('Daily note text')).toHaveValue(/## Evening Shutdown\n### Wins\n- /);
  await page.keyboard.type('Ran by the river');
  await page.keyboard.press('Escape');
  await expect
    .poll(async () => (await (await api(page, 'GET', `/notes/daily/${today}`)).json()).structured_data.evening?.wins)
    .toEqual(['Ran by the river']);
});

test("today's card follows the marks and the log, beside the week grid that never contradicts it", async ({ page }) => {
  // Five screens and a generation.
  test.slow();
  await signInAt(page, app.baseUrl, '/dashboard');
  const today = todayIn(ZONE);
  // Today starts with its plan and no log.
  await api(page, 'GET', `/workout/stream?date=${today}`);
  const logs = (await (await api(page, 'GET', `/workout-log?date=${today}`)).json()).logs as Array<{ id: number }>;
  for (const l of logs)
    await page.request.delete(`${app.baseUrl}/api/workout-log/${l.id}`, {
      headers: { authorization: `Bearer ${await storedToken(page)}`, origin: app.baseUrl },
    });
  const todayCell = page.getByRole('list', { name: 'This Week' }).locator('[aria-current="date"]');

  // Two exercises marked: in progress, not done.
  await page.goto(`${app.baseUrl}/workout`);
  const cards = page.locator('article[aria-label]');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  for (const i of [0, 1]) {
    await cards.nth(i).getByRole('button', { name: 'Completed' }).click();
    await expect(cards.nth(i).getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
  }
  await page.goto(`${app.baseUrl}/dashboard`);
  await expect(page.getByText(`In progress: 2 of ${total} exercises marked.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/workout');
  await expect(todayCell).not.toHaveAccessibleName(/workout completed/);

  // Saved to the log: done, and ticked.
  await page.goto(`${app.baseUrl}/workout`);
  await page.getByRole('button', { name: 'Save Workout Completion to Log' }).click();
  await expect(page.getByText('Workout saved to your log.')).toBeVisible();
  await page.goto(`${app.baseUrl}/dashboard`);
  await expect(page.getByText('Workout completed. Well done!')).toBeVisible();
  await expect(page.getByText('Ready for you to start!')).toBeHidden();
  await expect(todayCell).toHaveAccessibleName(/workout completed$/);
});

test('a failed overview says so and retries', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/todos');
  let fail = true;
  await page.route('**/api/dashboard/overview', (route) =>
    fail ? route.fulfill({ status: 500, json: { error: 'boom' } }) : route.fallback(),
  );
  await page
    .getByRole('link', { name: /Dashboard|Home/ })
    .first()
    .click();
  await expect(page.getByText('Failed to fetch data. Please try again.')).toBeVisible({ timeout: 15_000 });
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'This Week' })).toBeVisible();
});
