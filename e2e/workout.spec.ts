import { expect, type Page, test } from '@playwright/test';
import { catalogueByName } from '#common/workoutCatalogue.js';
import { login, storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

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

/** `confirm`: the replacement question is expected, and answered with this button. */
async function generateAndWait(page: Page, button: string, confirm?: string) {
  await watchProgress(page);
  await page.getByRole('button', { name: button }).first().click();
  if (confirm) await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
  await expect(page.getByText('Generating your workout plan...')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Workout generated successfully!')).toBeVisible();
  const seen = await seenProgress(page);
  expect(seen.at(-1)).toBe(100);
  expect(seen.length).toBeGreaterThanOrEqual(2);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
}

const exerciseCards = (page: Page) => page.locator('article[aria-label]');

/** `replaceLog`: the day already has a log that is not this plan's, and saving replaces it after asking. */
async function followAndLog(page: Page, replaceLog = false) {
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
  if (replaceLog) {
    const ask = page.getByRole('dialog', { name: "Replace this day's log?" });
    await expect(ask).toContainText('belongs to an earlier plan');
    await ask.getByRole('button', { name: 'Replace the log' }).click();
  }
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
  // Two generations and five screens.
  test.slow();
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
  // Today's plan has marks and a log: replacing it asks first.
  await generateAndWait(page, 'Regenerate Workout', 'Replace with a new plan');
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
  // The plan shown is untouched (the day's log belongs to its earlier version): no question.
  await generateAndWait(page, 'Regenerate Workout');
  const exercise = await followAndLog(page, true);
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
  await page.getByRole('radio', { name: 'I skipped my workout today' }).check();
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
  await page.getByRole('button', { name: 'Regenerate Workout' }).click();
  // Today's plan has marks and a log from the flows above.
  await page.getByRole('button', { name: 'Replace with a new plan' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fworkout$/);
  expect(await storedToken(page)).toBeNull();
});

/** Marks the first `count` exercises Completed; returns how many exercises the plan has. */
async function markCompleted(page: Page, count: number) {
  const cards = exerciseCards(page);
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  for (let i = 0; i < Math.min(count, total); i++) {
    const done = cards.nth(i).getByRole('button', { name: 'Completed' });
    await done.click();
    await expect(done).toHaveAttribute('aria-pressed', 'true');
  }
  return total;
}

/** A describe block on its own app, so that today starts without a plan or a log. */
function onOwnApp(title: string, body: (app: () => LlmApp) => void) {
  test.describe(title, () => {
    // Each test walks several screens.
    test.describe.configure({ timeout: 60_000 });
    let app: LlmApp;
    test.beforeAll(async () => {
      app = await startApp();
    });
    test.afterAll(async () => {
      await app?.close();
    });
    body(() => app);
  });
}

onOwnApp('replacing a plan', (own) => {
  test('Regenerate asks before replacing a followed, logged plan, and the old plan stays in History with its log', async ({
    page,
  }) => {
    await signInAt(page, own().baseUrl, '/workout');
    await generateAndWait(page, "Generate Today's Workout");
    const title = (await page.locator('main header h3').first().textContent()) as string;
    const total = await markCompleted(page, 7);
    const marked = Math.min(7, total);
    await page.getByRole('button', { name: 'Save Workout Completion to Log' }).click();
    await expect(page.getByText('Workout saved to your log.')).toBeVisible();

    // The question says what goes; keeping the plan changes nothing.
    await page.getByRole('button', { name: 'Regenerate Workout' }).click();
    const ask = page.getByRole('dialog', { name: "Replace today's workout?" });
    await expect(ask).toContainText(
      `You have marked ${marked} of ${total} exercises and saved a log for this plan. A new plan replaces it on Today; the current one stays in History.`,
    );
    await expect(ask.getByRole('button', { name: 'Keep this plan' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(page.getByText('Generating your workout plan...')).toBeHidden();
    await expect(exerciseCards(page).first().getByRole('button', { name: 'Completed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Replacing: a new plan on Today, nothing marked; the old one stays in History.
    await generateAndWait(page, 'Regenerate Workout', 'Replace with a new plan');
    await expect(exerciseCards(page).first().getByRole('button', { name: 'Completed' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Workout Plans (2)' }).click();
    const plans = page.getByRole('tabpanel', { name: /Workout Plans/ });
    const earlier = plans.getByRole('listitem').filter({ hasText: 'Earlier version' });
    await expect(earlier).toHaveCount(1);
    await expect(earlier).toContainText(title);
    await earlier.locator('button[aria-expanded]').click();
    await expect(earlier.locator('article[aria-label]').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Workout Logs (1)' }).click();
    const log = page
      .getByRole('tabpanel', { name: /Workout Logs/ })
      .locator('li')
      .first();
    await expect(log).toContainText('Workout Completed');
    await log.locator('button[aria-expanded]').click();
    await expect(log).toContainText(`${title}: ${marked} completed`);
  });
});

onOwnApp('the log form', (own) => {
  test('the log form says done or not, and History, the dashboard and the stats say the same', async ({ page }) => {
    await signInAt(page, own().baseUrl, '/workout/log');
    await page.getByLabel('Details').fill('Stretched a little');
    await expect(page.getByRole('radio', { name: 'I did my workout' })).toBeChecked();
    await page.getByRole('radio', { name: 'No status, just a note' }).check();
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await expect(page.getByText('Workout log saved.')).toBeVisible();

    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Workout Logs (1)' }).click();
    await expect(page.getByRole('tabpanel', { name: /Workout Logs/ })).toContainText('No Workout Status');
    await page.goto(`${own().baseUrl}/dashboard`);
    await expect(page.getByText('Logged without a status.')).toBeVisible();
    await expect(page.getByText('Ready for you to start!')).toBeHidden();
    const todayCell = page.getByRole('list', { name: 'This Week' }).locator('[aria-current="date"]');
    await expect(todayCell).not.toHaveAccessibleName(/workout completed/);
    await page.goto(`${own().baseUrl}/dashboard/stats?range=4w`);
    await expect(page.locator('dt', { hasText: /^Workouts$/ }).locator('xpath=..')).toContainText('0');

    // Saying done: the same day is a completed workout everywhere.
    await page.goto(`${own().baseUrl}/workout/log`);
    await expect(page.getByRole('radio', { name: 'No status, just a note' })).toBeChecked();
    await page.getByRole('radio', { name: 'I did my workout' }).check();
    await page.getByRole('button', { name: 'Update Entry' }).click();
    await expect(page.getByText('Workout log saved.')).toBeVisible();
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Workout Logs (1)' }).click();
    await expect(page.getByRole('tabpanel', { name: /Workout Logs/ })).toContainText('Workout Completed');
    await page.goto(`${own().baseUrl}/dashboard`);
    await expect(page.getByText('Workout completed. Well done!')).toBeVisible();
    await expect(todayCell).toHaveAccessibleName(/workout completed$/);
    await page.goto(`${own().baseUrl}/dashboard/stats?range=4w`);
    await expect(page.locator('dt', { hasText: /^Workouts$/ }).locator('xpath=..')).toContainText('1');
    await expect(page.locator('dt', { hasText: 'Current streak' }).locator('xpath=..')).toContainText('1 day');
  });

  test('typed input in the log form and the settings asks before the page changes', async ({ page }) => {
    await signInAt(page, own().baseUrl, '/workout/log');
    // Today's entry from the test before is loaded first: typed over before it arrives, the typing
    // is kept and the saved entry offered beside it, and fill's select-then-insert could land
    // between the two and add to the loaded text.
    await expect(page.getByLabel('Details')).toHaveValue('Stretched a little');
    await page.getByLabel('Details').fill('Half a run, then rain');
    await page.getByRole('link', { name: 'History' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toContainText('Your unsaved changes to this workout log will be lost.');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/workout\/log$/);
    await expect(page.getByLabel('Details')).toHaveValue('Half a run, then rain');
    // Saved, the form leaves freely.
    await page.getByRole('button', { name: 'Update Entry' }).click();
    await expect(page.getByText('Workout log saved.')).toBeVisible();
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/workout\/history$/);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Preferred duration (minutes)').fill('45');
    await page.getByRole('link', { name: 'Today' }).click();
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toContainText(
      'Your unsaved changes to your workout settings will be lost.',
    );
    await page.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByLabel('Preferred duration (minutes)')).toHaveValue('45');
    // Back to what is saved: nothing to lose.
    await page.getByLabel('Preferred duration (minutes)').fill('30');
    await page.getByRole('link', { name: 'Today' }).click();
    await expect(page).toHaveURL(/\/workout$/);
  });
});
