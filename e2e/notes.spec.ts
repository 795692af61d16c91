import { expect, type Page, test } from '@playwright/test';
import { login, storedToken } from './helpers.js';

async function api(page: Page) {
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  return {
    post: async (url: string, data: object) => (await page.request.post(url, { headers, data })).json(),
    get: async (url: string) => (await page.request.get(url, { headers })).json(),
  };
}

function localToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const zen = (page: Page) => page.getByRole('textbox', { name: 'Daily note text' });

test.beforeEach(async ({ page }) => {
  await login(page, '/notes');
});

test("writes today's journal entry in the zen editor, which autosaves and lists it", async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'Create' })).toBeVisible();
  await page.getByRole('link', { name: /Journal Entry/ }).click();
  await expect(zen(page)).toHaveValue(/## Goals for the Day/);
  await expect(zen(page)).toHaveValue(/## Daily Journal/);

  await zen(page).fill(
    '## Goals for the Day\n- Finish the draft\n\n## Morning Preparation\n### Daily Priorities\n- Draft chapter two\n### Energy Level 6/10\n\n## Daily Journal\nA quiet start.',
  );
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await zen(page).press('Escape');
  await expect(zen(page)).toHaveCount(0);

  // The structured parts reached the server.
  const { get } = await api(page);
  const morning = await get(`/api/personal-journal/date/${localToday()}/daily_morning`);
  expect(morning).toMatchObject({
    exists: true,
    entry: {
      structured_data: { daily_priorities: ['Draft chapter two'], energy_level: 6, personal_goal: 'Finish the draft' },
    },
  });
  const id = morning.entry.id as number;

  // Listed under today as the daily journal, and as a morning entry.
  const entries = page.getByRole('navigation', { name: 'Entries' });
  const journalLink = entries.locator(`a[href="/notes/entry/journal/${id}"]`);
  await expect(journalLink).toContainText('Daily Journal');
  await journalLink.click();
  await expect(page.getByText('A quiet start.')).toBeVisible();
  // The note is read as text, not hidden inside a button's name.
  expect(await page.locator('body').ariaSnapshot()).toContain('A quiet start.');
  await expect(page.getByRole('button').filter({ hasText: 'A quiet start.' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Morning' }).click();
  await expect(entries.locator(`a[href="/notes/entry/morning/${id}"]`)).toContainText('Morning Preparation');
  await page.getByRole('button', { name: 'All' }).click();

  // Clicking the viewer opens the editor again with the saved text.
  await page.getByRole('button', { name: 'Edit this note in the zen editor' }).click();
  await expect(zen(page)).toHaveValue(/A quiet start\./);
  await zen(page).press('End');
  await zen(page).pressSequentially(' Then a walk.');
  await zen(page).press('Escape');
  await expect(page.getByText('A quiet start. Then a walk.')).toBeVisible();
});

test('shows plain notes and weekly plans, and filters the list', async ({ page }) => {
  const { post } = await api(page);
  const note = await post('/api/personal-journal', {
    date: '2026-01-05',
    journal_type: 'note',
    content: 'Book ideas\n- a lighthouse keeper',
  });
  // A week still open: plans of weeks that have ended cannot be written any more.
  const weekly = await post('/api/personal-journal', {
    date: '2030-01-07',
    journal_type: 'weekly_planning',
    content: '',
    structured_data: { meta_goals: ['Ship v1', 'Run 3 times', ''], weekly_intention: 'Calm focus' },
  });
  await page.reload();

  const entries = page.getByRole('navigation', { name: 'Entries' });
  await entries.locator(`a[href="/notes/entry/weekly/${weekly.id}"]`).click();
  await expect(page.getByText('Calm focus')).toBeVisible();
  await expect(page.getByText('Goal 1')).toBeVisible();
  await expect(page.getByText('Ship v1')).toBeVisible();

  await page.getByRole('button', { name: 'Notes' }).click();
  await expect(entries.getByRole('link', { name: /Weekly Planning/ })).toHaveCount(0);
  await entries.locator(`a[href="/notes/entry/note/${note.id}"]`).click();
  await expect(page.getByText('- a lighthouse keeper')).toBeVisible();

  // Collapsing a day hides its entries.
  const day = page.getByRole('button', { name: /January 5, 2026/ });
  await day.click();
  await expect(day).toHaveAttribute('aria-expanded', 'false');
  await expect(entries.getByRole('link', { name: /Book ideas/ })).toHaveCount(0);
  await day.click();
  await page.getByRole('button', { name: 'All' }).click();
});

test('opens the weekly planning editor, and creates transcripts through the quick form', async ({ page }) => {
  await page.getByRole('link', { name: /Weekly Planning Plan the week ahead/ }).click();
  await expect(page.getByRole('heading', { name: /Weekly Planning — Week of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('link', { name: /Transcript Record the notes/ }).click();
  await expect(page.getByText(/Impromptu Meeting/)).toBeVisible();
  await page.getByLabel('Title').fill('Corridor chat');
  await page.getByRole('textbox', { name: 'Transcript', exact: true }).fill('Ana: I will send the notes.');
  await page.getByRole('textbox', { name: 'Transcript', exact: true }).press('Control+Enter');
  await expect(page).toHaveURL(/\/notes\/entry\/transcript\/\d+$/);
  await expect(page.getByText('Ana: I will send the notes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
});

test('the zen editor says when saving fails and keeps the text', async ({ page }) => {
  await page.route('**/api/notes/daily/2026-02-03', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, body: '{"error":"Something went wrong"}' })
      : route.fallback(),
  );
  await page.goto('/notes/daily/2026-02-03');
  await zen(page).fill('A thought that will not save.');
  await expect(page.getByRole('status').filter({ hasText: 'Failed to save' })).toBeVisible();
  await zen(page).press('Escape');
  await expect(zen(page)).toHaveValue('A thought that will not save.');
  await page.unroute('**/api/notes/daily/2026-02-03');
  await zen(page).press('Escape');
  await expect(zen(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Create' })).toBeVisible();
});

test('a note that could not be saved stays in the browser and is saved when the editor opens again', async ({
  page,
}) => {
  const url = '**/api/notes/daily/2026-02-04';
  await page.route(url, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.goto('/notes/daily/2026-02-04');
  await zen(page).fill('Words written while offline.');
  await expect(page.getByRole('status').filter({ hasText: 'Failed to save' })).toBeVisible();
  await zen(page).press('Escape');
  await zen(page).press('Escape');
  await expect(zen(page)).toHaveCount(0);
  // Leave the page while saves are still refused, so the only save that can succeed is the
  // reopened editor's.
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'Create' })).toBeVisible();
  expect((await (await api(page)).get('/api/notes/daily/2026-02-04')).exists).toBe(false);

  await page.unroute(url);
  await page.goto('/notes/daily/2026-02-04');
  await expect(zen(page)).toHaveValue('Words written while offline.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  expect((await (await api(page)).get('/api/notes/daily/2026-02-04')).content).toBe('Words written while offline.');
});

test('says so when the list cannot be loaded', async ({ page }) => {
  await page.route('**/api/notes/headlines*', (route) => route.fulfill({ status: 500, body: '{"error":"x"}' }));
  await page.goto('/notes');
  await expect(page.getByText('Failed to load entries. Please try again later.')).toBeVisible({ timeout: 15_000 });
});

test('says so when an entry is missing', async ({ page }) => {
  await page.goto('/notes/entry/note/999999');
  await expect(
    page.getByText('No content found for this entry. It may have been deleted or is missing from the database.'),
  ).toBeVisible();
});

test('on a phone the list lives in a drawer with the filters', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/notes');
  await page.getByRole('button', { name: 'Entries', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Evening' })).toBeVisible();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Evening' })).toBeHidden();
});
