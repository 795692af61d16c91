import { expect, type Page, test } from '@playwright/test';
import { catalogueByName } from '../common/src/workoutCatalogue.js';
import { login, storedToken } from './helpers.js';

test.describe.configure({ mode: 'serial' });

/** Records every value the progress bar shows, from before generation starts. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    // The e2e tsconfig has no DOM types, so the browser globals are described here.
    type El = { getAttribute(n: string): string | null };
    type Observer = new (cb: () => void) => { observe(target: unknown, opts: object): void };
    const w = globalThis as unknown as {
      __progress: number[];
      document: { body: unknown; querySelector(s: string): El | null };
      MutationObserver: Observer;
    };
    w.__progress = [];
    const record = () => {
      const bar = w.document.querySelector('[role="progressbar"]');
      const v = bar ? Number(bar.getAttribute('aria-valuenow')) : Number.NaN;
      if (!Number.isNaN(v) && w.__progress.at(-1) !== v) w.__progress.push(v);
    };
    new w.MutationObserver(record).observe(w.document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}
const seenProgress = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __progress: number[] }).__progress);

async function generateAndWait(page: Page, button: string) {
  await watchProgress(page);
  await page.getByRole('button', { name: button }).first().click();
  await expect(page.getByText('Generating your workout plan...')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Workout generated successfully!')).toBeVisible();
  const seen = await seenProgress(page);
  expect(seen.at(-1)).toBe(100);
  expect(seen.length).toBeGreaterThanOrEqual(2);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
}

const exerciseCards = (page: Page) => page.locator('article[aria-label]');

async function followAndLog(page: Page) {
  const cards = exerciseCards(page);
  await expect(cards.first()).toBeVisible();
  const first = cards.nth(0);
  const second = cards.nth(1);
  const firstName = (await first.getAttribute('aria-label')) as string;
  await first.getByRole('button', { name: 'Completed' }).click();
  await expect(first.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
  await second.getByRole('button', { name: 'Partial' }).click();
  const notes = first.getByRole('textbox', { name: `Notes for ${firstName}` });
  await notes.fill('Felt easy, go heavier');
  await notes.blur();
  // The "Why?" modal shows its reasoning after a short loader and closes with Escape.
  await first.getByRole('button', { name: `Why ${firstName}?` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/It |Warm-up|Cool-down/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Save Workout Completion to Log' }).click();
  await expect(page.getByText('Workout saved to your log.')).toBeVisible();
  return firstName;
}

async function findInHistory(page: Page, exercise: string) {
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('tab', { name: /Workout Plans \(\d+\)/ })).toBeVisible();
  await page.getByRole('tab', { name: /Workout Logs \(1\)/ }).click();
  const item = page.getByRole('button', { name: /Workout Completed/ });
  await item.click();
  await expect(page.getByText(exercise, { exact: true })).toBeVisible();
  await expect(page.getByText('— Felt easy, go heavier')).toBeVisible();
  // The plan list holds titles; opening a plan reads the whole plan.
  await page.getByRole('tab', { name: /Workout Plans \(\d+\)/ }).click();
  const plans = page.getByRole('tabpanel', { name: /Workout Plans/ });
  await plans.locator('button[aria-expanded]').first().click();
  await expect(plans.getByRole('article', { name: exercise })).toBeVisible();
}

test('generate offline, follow, log, find it in History; settings change the next plan', async ({ page }) => {
  await login(page, '/workout');
  await expect(page.getByText('No workout plan for today!')).toBeVisible();
  await generateAndWait(page, "Generate Today's Workout");
  await expect(page.getByRole('button', { name: 'Regenerate Workout' })).toBeVisible();
  const exercise = await followAndLog(page);
  await findInHistory(page, exercise);

  // Settings: only resistance bands, 20 minutes.
  await page.getByRole('link', { name: 'Settings' }).click();
  for (const label of ['Peloton bike', 'Bowflex weights', 'Calisthenics', 'Jogging', 'Biking']) {
    await page.getByRole('checkbox', { name: label }).uncheck();
  }
  await expect(page.getByRole('checkbox', { name: 'Resistance bands' })).toBeChecked();
  await page.getByLabel('Preferred duration (minutes)').fill('20');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Run Diagnostics' }).click();
  await expect(page.locator('dd').getByText('Online', { exact: true })).toBeVisible();
  await expect(page.locator('dd').getByText('Offline', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Today' }).click();
  await generateAndWait(page, 'Regenerate Workout');
  await expect(page.getByText(/20 minutes/).first()).toBeVisible();
  const names = await exerciseCards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThan(2);
  for (const name of names) {
    expect([null, 'resistance bands'], name).toContain(catalogueByName.get(name.toLowerCase())?.equipment);
  }
});

test('the same flow on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, '/workout');
  await generateAndWait(page, 'Regenerate Workout');
  const exercise = await followAndLog(page);
  await findInHistory(page, exercise);
  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => {
    type Doc = { documentElement: { scrollWidth: number; clientWidth: number } };
    const d = (globalThis as unknown as { document: Doc }).document.documentElement;
    return d.scrollWidth - d.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
});

test('Log screen loads the entry of a date and unknown sub-paths go to /workout', async ({ page }) => {
  await login(page, '/workout/log');
  await expect(page.getByRole('button', { name: 'Update Entry' })).toBeVisible();
  await page.getByLabel('Date').fill('2020-01-01');
  await expect(page.getByRole('button', { name: 'Save Entry' })).toBeVisible();
  await page.getByLabel('Details').fill('Walked the dog instead');
  await page.getByRole('checkbox', { name: 'I skipped my workout today' }).check();
  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page.getByText('Workout log saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Entry' })).toBeVisible();
  await page.goto('/workout/nowhere');
  await expect(page).toHaveURL(/\/workout$/);
  await page.goto('/workout/stats');
  await expect(page.getByText('Statistics about your workouts will be shown here.')).toBeVisible();
});

test('an expired session during generation signs out like any other call', async ({ page }) => {
  await login(page, '/workout');
  await page.route('**/api/workout/stream*', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Authentication required"}' }),
  );
  await page.getByRole('button', { name: /Generate Today's Workout|Regenerate Workout/ }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fworkout$/);
  expect(await storedToken(page)).toBeNull();
});
