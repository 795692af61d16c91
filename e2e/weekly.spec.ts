import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login, storedToken } from './helpers.js';

const BANNER = "This week's plan is no longer editable...";

/** Opens the weekly planning editor from the Notes creation choice; returns the week's Monday. */
async function openThisWeek(page: Page): Promise<string> {
  await page.getByRole('link', { name: /^Weekly Planning Plan the week/ }).click();
  await expect(page).toHaveURL(/\/notes\/weekly\/\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { name: /Weekly Planning — Week of/ })).toBeVisible();
  // On a Sunday the current week has just ended: plan the next one, as the editor offers.
  if (await page.getByText(BANNER).isVisible()) {
    await page.getByRole('button', { name: "Create Next Week's Plan" }).click();
    await expect(page.getByText(BANNER)).toHaveCount(0);
  }
  return page.url().split('/').at(-1) ?? '';
}

test.beforeEach(async ({ page }) => {
  await login(page, '/notes');
});

test('plans this week with the coach, saves, exports and reopens it from the notes list', async ({ page }) => {
  const week = await openThisWeek(page);

  // Without a calendar the panel offers to connect one, and everything else works.
  await expect(page.getByRole('link', { name: 'Connect your calendar' })).toHaveAttribute(
    'href',
    '/dashboard/calendar-settings',
  );
  await page.getByRole('button', { name: 'Hide prompts' }).click();
  await expect(page.getByRole('complementary', { name: 'Prompts' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show prompts' }).click();
  await expect(page.getByRole('complementary', { name: 'Prompts' })).toBeVisible();

  // The planning guide (no AI provider) opens the conversation and asks the week's questions.
  await page.getByRole('button', { name: 'Start New Plan with Coach' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Plan with Coach' });
  await expect(dialog.getByTestId('assistant-message').first()).toContainText(`Let's plan the week of ${week}`);
  await expect(dialog.getByTestId('assistant-message').first()).toContainText('How did last week go?');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('My goals:\n- Ship the beta\n- Run three times');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByTestId('assistant-message')).toHaveCount(2);
  const suggested = dialog.getByRole('region', { name: 'Suggested goals' });
  await expect(suggested).toContainText('Ship the beta');
  await suggested.getByRole('button', { name: 'Add to goals' }).click();
  // Closing the chat saves the conversation and the plan's new goals.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Weekly planning saved successfully!')).toBeVisible();
  await expect(page.getByLabel('Goal 1')).toHaveValue('Ship the beta');
  await expect(page.getByLabel('Goal 2')).toHaveValue('Run three times');

  await page.getByLabel('Weekly intention').fill('Calm, focused shipping');
  await page.getByRole('button', { name: 'Save Weekly Plan' }).click();
  await expect(page.getByText('Weekly planning saved successfully!').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save Weekly Plan' }).click();
  await expect(page.getByText('No changes to save')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as Markdown' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`weekly-plan-${week}.md`);
  const markdown = fs.readFileSync((await download.path()) ?? '', 'utf8');
  expect(markdown).toContain(`# Weekly Plan — Week of ${week}`);
  expect(markdown).toContain('1. **Goal 1:** Ship the beta');
  expect(markdown).toContain('## Weekly Intention\n\nCalm, focused shipping');
  expect(markdown).toContain('## Calendar Summary');

  // Reopen from the notes list: the weekly viewer, then the editor.
  await page.getByRole('button', { name: 'Back' }).click();
  const token = await storedToken(page);
  const saved = await (
    await page.request.get(`/api/weekly/${week}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  await page.getByRole('navigation', { name: 'Entries' }).locator(`a[href="/notes/entry/weekly/${saved.id}"]`).click();
  await expect(page.getByText('Calm, focused shipping')).toBeVisible();
  await page.getByRole('button', { name: 'Open in editor' }).click();
  await expect(page.getByLabel('Goal 1')).toHaveValue('Ship the beta');

  // The conversation was saved with the plan's week.
  await page.getByRole('button', { name: 'Chat with Coach' }).click();
  const again = page.getByRole('dialog', { name: 'Chat with Coach' });
  await expect(again.getByTestId('user-message')).toContainText('Ship the beta');
  await again.getByRole('button', { name: 'Start Over' }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog', { name: 'Start Over' }))
    .getByRole('button', { name: 'Start Over' })
    .click();
  await expect(again.getByTestId('user-message')).toHaveCount(0);
  await expect(again.getByTestId('assistant-message')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(again).toHaveCount(0);
});

test('the week date moves with Enter, stays with Escape, and a past week is read-only', async ({ page }) => {
  const week = await openThisWeek(page);
  await page.getByRole('button', { name: /Week beginning/ }).click();
  const date = page.getByLabel('Week beginning');
  await date.fill('2026-03-04');
  await date.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/notes/weekly/${week}$`));

  await page.getByRole('button', { name: /Week beginning/ }).click();
  await page.getByLabel('Week beginning').fill('2026-03-04');
  await page.getByLabel('Week beginning').press('Enter');
  // Any date opens its week's Monday.
  await expect(page).toHaveURL(/\/notes\/weekly\/2026-03-02$/);
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Weekly Plan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /with Coach/ })).toHaveCount(0);
  await expect(page.getByLabel('Goal 1')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: "Create Next Week's Plan" })).toBeVisible();
});

test("lists the week's calendar events, five then how many more, and keeps them 15 minutes", async ({ page }) => {
  // Reads by week: on a Sunday the test plans the next week too (openThisWeek), a second range.
  const reads = new Map<string, number>();
  await page.route('**/api/calendar/is-authenticated', (route) => route.fulfill({ json: { isAuthenticated: true } }));
  await page.route('**/api/calendar/events/range?**', (route) => {
    const url = new URL(route.request().url());
    reads.set(url.search, (reads.get(url.search) ?? 0) + 1);
    const start = url.searchParams.get('startDate') ?? '';
    const events = Array.from({ length: 7 }, (_, i) => ({
      id: `e${i}`,
      etag: null,
      recurringEventId: null,
      summary: `Meeting ${i + 1}`,
      description: null,
      location: null,
      start: { dateTime: `${start}T${String(9 + i).padStart(2, '0')}:00:00Z` },
      end: { dateTime: `${start}T${String(10 + i).padStart(2, '0')}:00:00Z` },
      attendees: [],
      organizer: null,
      calendar: { id: 'c', summary: 'Work', backgroundColor: '#fff', foregroundColor: '#000' },
      declined: false,
      provider: 'google',
      htmlLink: null,
    }));
    return route.fulfill({ json: events });
  });
  await openThisWeek(page);
  const panel = page.locator('#calendar-panel');
  await expect(panel.getByText('Meeting 5')).toBeVisible();
  await expect(panel.getByText('Meeting 6')).toHaveCount(0);
  await expect(panel.getByText('And 2 more events')).toBeVisible();
  const region = page.getByRole('region', { name: 'Calendar events' });
  await region.getByRole('button', { name: 'Hide' }).click();
  await expect(panel).toHaveCount(0);
  await region.getByRole('button', { name: 'Show' }).click();
  await expect(page.locator('#calendar-panel').getByText('Meeting 1')).toBeVisible();
  // Leaving and coming back within 15 minutes reads the cache, not the calendar.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('link', { name: /^Weekly Planning Plan the week/ }).click();
  await expect(page.locator('#calendar-panel').getByText('Meeting 1')).toBeVisible();
  expect(reads.size).toBeGreaterThan(0);
  expect(
    [...reads.values()].every((n) => n === 1),
    JSON.stringify([...reads]),
  ).toBe(true);
});
