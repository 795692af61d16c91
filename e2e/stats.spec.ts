import { expect, type Page, test } from '@playwright/test';
import { addDays, sundayOf, todayIn } from '#common/time.js';
import { storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

const ZONE = 'Europe/Berlin';
test.use({ timezoneId: ZONE });

async function api(page: Page, method: 'POST' | 'GET', path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await storedToken(page)}`, origin: app.baseUrl };
  const res = await page.request.fetch(`${app.baseUrl}/api${path}`, { method, headers, data });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
}

test('with no data every chart says so, and the settings links stay', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard/stats');
  await expect(page.getByRole('heading', { name: 'Stats View' })).toBeVisible();
  await expect(page.getByText('No workouts logged in these weeks yet.')).toBeVisible();
  await expect(page.getByText('No energy levels in your morning notes yet.')).toBeVisible();
  await expect(page.getByText('No exercises marked in these weeks yet.')).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Calendar Settings' })).toHaveAttribute(
    'href',
    '/dashboard/calendar-settings',
  );
  await expect(page.getByRole('link', { name: 'Coach Settings' }).last()).toHaveAttribute(
    'href',
    '/dashboard/coach-settings',
  );
});

test('with data the charts draw, with the same numbers as tables, over the chosen range', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard');
  const today = todayIn(ZONE);
  const sunday = sundayOf(today);
  await api(page, 'POST', '/workout-log', {
    date: addDays(sunday, -7),
    entry: 'Done',
    workout_completion: [
      { name: 'Squat', completed: 'completed' },
      { name: 'Plank', completed: 'partial' },
    ],
  });
  await api(page, 'POST', '/workout-log', { date: addDays(sunday, -6), entry: 'Done' });
  // A note without a status is not a workout (History tags it 'No Workout Status').
  await api(page, 'POST', '/workout-log', { date: addDays(sunday, -4), entry: 'Planned a run', workout_done: false });
  await api(page, 'POST', `/notes/daily/${addDays(sunday, -5)}`, {
    content: '## Morning Preparation\n### Energy Level 8/10\n',
  });
  await api(page, 'POST', '/exercise/feedback', {
    workoutDate: addDays(sunday, -7),
    exerciseName: 'Squat',
    feedbackType: 'like',
  });

  await page.goto(`${app.baseUrl}/dashboard/stats?range=4w`);
  await expect(page.getByRole('radio', { name: '4 weeks' })).toBeChecked();
  const workouts = page.getByRole('region', { name: 'Workouts per week' });
  await expect(workouts.locator('canvas').first()).toBeVisible();
  const table = workouts.getByRole('table', { name: 'Workouts per week' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('row').nth(3).getByRole('cell')).toHaveText('2');
  await expect(page.getByRole('region', { name: 'Energy level' }).getByRole('table')).toContainText('8');
  await expect(page.getByText(/Completed: 1/)).toBeVisible();
  await expect(page.getByText(/Partial: 1/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Liked and disliked exercises' })).toContainText('Squat');

  // Choosing a year with the keyboard redraws over 52 weeks.
  await page.getByRole('radio', { name: '4 weeks' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/range=1y/);
  await expect(page.getByRole('radio', { name: 'A year' })).toBeChecked();
  await expect(workouts.getByRole('table').getByRole('row')).toHaveCount(53);
});
