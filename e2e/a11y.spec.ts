import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_TRAINING_RULE } from '#common/api/training.js';
import { todayIn } from '#common/time.js';
import { SCREENS, storedToken, submitLogin } from './helpers.js';
import { type LlmApp, startApp } from './llmServer.js';

/**
 * axe-core (WCAG 2.1 A and AA) on every screen and dialog, in the light and the dark theme, with
 * data on the screens: a note, todos, a workout plan and its log, a transcript, a weekly plan, a
 * scheduled job and an API key. Any violation fails with its rule, its impact and the elements.
 */
const ZONE = 'Europe/Berlin';
test.use({ timezoneId: ZONE });

// Its own app: the data seeded here never reaches the other specs' shared instance.
let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

async function signIn(page: Page, next: string) {
  await page.goto(`${app.baseUrl}/login?next=${encodeURIComponent(next)}`);
  await submitLogin(page);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

async function api(page: Page, method: 'POST' | 'PUT' | 'GET', path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await storedToken(page)}`, origin: app.baseUrl };
  const res = await page.request.fetch(`${app.baseUrl}/api${path}`, { method, headers, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

async function expectNoViolations(page: Page, where: string) {
  // The page has settled: no spinner, fonts and lazy chunks in.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(found, `axe on ${where}`).toEqual([]);
}

async function seed(page: Page) {
  const today = todayIn(ZONE);
  await api(page, 'PUT', '/settings', { timezone: ZONE });
  await api(page, 'POST', `/notes/daily/${today}`, {
    content: '## Goals for the Day\n- Finish the report\n\n## Morning Preparation\n### Energy Level 7/10\n',
  });
  await api(page, 'POST', '/todos', { content: 'Call the dentist' });
  await api(page, 'GET', `/workout/stream?date=${today}`);
  await api(page, 'POST', '/workout-log', { date: today, entry: 'Ran 5k by the river' });
  await api(page, 'POST', '/transcripts', {
    title: 'Project sync',
    content: 'Ana: I will send the budget by Friday.\nBen: Thanks.',
    date: today,
  });
  // The training week on: the Workout screen lists its sessions, Workout settings shows the rule.
  await api(page, 'PUT', '/training/rule', { ...DEFAULT_TRAINING_RULE, enabled: true });
  await api(page, 'POST', '/cron/jobs', {
    name: 'Morning briefing',
    schedule: '0 7 * * *',
    job_type: 'assistant_briefing',
  });
  return today;
}

for (const theme of ['light', 'dark'] as const) {
  test(`every screen passes axe in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, '/dashboard');
    const today = await seed(page);
    const screens = [...SCREENS, `/notes/daily/${today}`, `/notes/weekly/${today}`];
    for (const path of screens) {
      await page.goto(`${app.baseUrl}${path}`);
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoViolations(page, `${path} (${theme})`);
    }
  });

  test(`the dialogs pass axe in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, '/transcript');
    await page.getByRole('button', { name: 'Add transcript' }).click();
    await page.getByRole('menuitem', { name: 'Impromptu Transcript' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, `the transcript dialog (${theme})`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The Move dialog of the week's training, when the week has a session left to move (late on a
    // Sunday it may have none).
    await api(page, 'PUT', '/training/rule', { ...DEFAULT_TRAINING_RULE, enabled: true });
    await page.goto(`${app.baseUrl}/workout`);
    const week = page.getByRole('region', { name: "This week's training" });
    await expect(week.getByRole('button', { name: 'Plan again' })).toBeVisible();
    const move = week.getByRole('button', { name: /^Move session/ });
    if ((await move.count()) > 0) {
      await move.first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, `the move-session dialog (${theme})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    await page.goto(`${app.baseUrl}/dashboard/mcp-settings`);
    await page.getByLabel('Name').fill(`Laptop ${theme}`);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('button', { name: `Delete API key Laptop ${theme}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, `the delete-key confirmation (${theme})`);
  });
}

test('the sign-in page passes axe in both themes', async ({ page }) => {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`${app.baseUrl}/login`);
    await expect(page.getByLabel('Username')).toBeVisible();
    await expectNoViolations(page, `/login (${theme})`);
  }
});
