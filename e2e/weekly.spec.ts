import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { addDays as addDaysIso } from '#common/time.js';
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
  // The goals the user listed go straight into the plan's goals, and the chat says so until it closes.
  const added = dialog.getByRole('region', { name: 'Goals added to your plan' });
  await expect(added).toContainText('Ship the beta');
  await expect(added).toContainText('Run three times');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Calm, focused shipping');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByTestId('assistant-message')).toHaveCount(3);
  await expect(added).toContainText('Ship the beta');
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
  await expect(again.getByTestId('user-message').first()).toContainText('Ship the beta');
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
  const week = await openThisWeek(page);
  const panel = page.locator('#calendar-panel');
  await expect(panel.getByText('Meeting 5')).toBeVisible();
  // A save keeps the events both as the calendar gave them and simplified.
  await page.getByLabel('Constraints').fill('Seven meetings this week');
  await page.getByRole('button', { name: 'Save Weekly Plan' }).click();
  await expect(page.getByText('Weekly planning saved successfully!')).toBeVisible();
  const token = await storedToken(page);
  const saved = await (
    await page.request.get(`/api/weekly/${week}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(saved.structured_data.calendar_events.map((e: { id: string }) => e.id)).toEqual(
    Array.from({ length: 7 }, (_, i) => `e${i}`),
  );
  expect(saved.structured_data.simplified_calendar_events[0]).toMatchObject({ title: 'Meeting 1' });
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

/** The element is wholly inside the window: its box, and nothing scrolled over it. */
async function expectWhollyInView(page: Page, target: ReturnType<Page['getByRole']>) {
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = await target.boundingBox();
  const size = page.viewportSize();
  expect(box && size && box.y >= 0 && box.y + box.height <= size.height, JSON.stringify({ box, size })).toBe(true);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the planning chat keeps its Send in view after every reply at ${viewport.width}x${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/notes/new/weekly');
    // A fresh page load: the app's code and the plan arrive first.
    await expect(page.getByRole('heading', { name: /Weekly Planning — Week of/ })).toBeVisible({ timeout: 30_000 });
    if (await page.getByText(BANNER).isVisible()) {
      await page.getByRole('button', { name: "Create Next Week's Plan" }).click();
      await expect(page.getByText(BANNER)).toHaveCount(0);
    }
    await page.getByRole('button', { name: /Start New Plan with Coach|Chat with Coach/ }).click();
    const dialog = page.getByRole('dialog', { name: /with Coach/ });
    await expect(dialog.getByTestId('assistant-message').first()).toBeVisible();
    // The week may have a conversation from an earlier test: the count goes on from there.
    await expect(dialog.getByTestId('assistant-message').last()).not.toHaveAttribute('aria-busy', 'true');
    const before = await dialog.getByTestId('assistant-message').count();
    const send = dialog.getByRole('button', { name: 'Send' });
    const answers = [
      'The demo went well, reviews dragged and I lost two days to travel.',
      'Calm, focused shipping',
      'Offsite on Thursday, dentist on Friday morning',
      '- Ship the beta\n- Run three times\n- Call the bank',
      'Thanks, that looks right',
      'One more: I want to read in the evenings',
    ];
    for (const [i, answer] of answers.entries()) {
      await dialog.getByRole('textbox', { name: 'Message' }).fill(answer);
      await send.click();
      await expect(dialog.getByTestId('assistant-message')).toHaveCount(before + i + 1);
      await expect(dialog.getByTestId('assistant-message').last()).not.toHaveAttribute('aria-busy', 'true');
      await expectWhollyInView(page, send);
      await expectWhollyInView(page, dialog.getByRole('textbox', { name: 'Message' }));
    }
    // The offline guide moved through its steps and summarised the week.
    await expect(
      dialog.getByTestId('assistant-message').filter({ hasText: 'Your week as you described it' }).first(),
    ).toBeAttached();
    // The newest reply is in view too: the conversation scrolls inside the dialog.
    await expect(dialog.getByTestId('assistant-message').last()).toBeInViewport();
  });
}

test('asks before leaving a plan with unsaved edits, and keeps them when the user stays', async ({ page }) => {
  await openThisWeek(page);
  await page.getByLabel('Brain dump').fill('Call the plumber about the leak');
  await page.getByRole('link', { name: 'Todos' }).first().click();
  const ask = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Leave without saving?' }));
  await expect(ask).toContainText("Your unsaved changes to this week's plan will be lost.");
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/notes\/weekly\//);
  await expect(page.getByLabel('Brain dump')).toHaveValue('Call the plumber about the leak');

  // Saved, the same click leaves without a question; coming back shows the saved text.
  await page.getByRole('button', { name: 'Save Weekly Plan' }).click();
  await expect(page.getByText('Weekly planning saved successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'Todos' }).first().click();
  await expect(page).toHaveURL(/\/todos/);
  await page.goBack();
  await expect(page.getByLabel('Brain dump')).toHaveValue('Call the plumber about the leak');

  // Leaving on purpose drops the edit, as the question said.
  await page.getByLabel('Brain dump').fill('Something else');
  await page.getByRole('button', { name: 'Back' }).click();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/notes$/);
});

test('moving to another week saves the edits first, without asking, and focus returns to the week date', async ({
  page,
}) => {
  const week = await openThisWeek(page);
  const next = addDaysIso(week, 7);
  // Escape closes the date edit and focus goes back to the control that opened it.
  await page.getByRole('button', { name: /Week beginning/ }).click();
  await page.getByLabel('Week beginning').press('Escape');
  await expect(page.getByRole('button', { name: /Week beginning/ })).toBeFocused();

  await page.getByLabel('Weekly intention').fill('Carried into the save');
  await page.getByRole('button', { name: /Week beginning/ }).click();
  await page.getByLabel('Week beginning').fill(next);
  await page.getByLabel('Week beginning').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/notes/weekly/${next}$`));
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Week beginning/ })).toBeFocused();
  const token = await storedToken(page);
  const saved = await (
    await page.request.get(`/api/weekly/${week}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(saved.structured_data.weekly_intention).toBe('Carried into the save');
});

test("an ended week's planning conversation can be read, not continued", async ({ page }) => {
  await page.route('**/api/weekly/2026-03-02/conversation', (route) =>
    route.fulfill({
      json: {
        exists: true,
        id: 7,
        date: '2026-03-02',
        conversation: [
          { role: 'assistant', content: 'How did last week go?' },
          { role: 'user', content: 'We shipped the March release' },
        ],
        updated_at: '2026-03-03T10:00:00.000Z',
      },
    }),
  );
  await page.goto('/notes/weekly/2026-03-02');
  await expect(page.getByText(BANNER)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Read Coach Conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Coach Conversation' });
  await expect(dialog.getByTestId('user-message')).toHaveText('We shipped the March release');
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Start Over' })).toHaveCount(0);
});

test('a skip link leads past the entries list to the weekly editor', async ({ page }) => {
  const week = await openThisWeek(page);
  await page.goto(`/notes/weekly/${week}`);
  await expect(page.getByRole('region', { name: 'Weekly plan editor' })).toBeVisible({ timeout: 30_000 });
  let found = false;
  for (let i = 0; i < 20 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.getByRole('link', { name: 'Skip to the entry' }).evaluate((el) => el.matches(':focus'));
  }
  expect(found).toBe(true);
  await page.keyboard.press('Enter');
  // From there the editor's own controls come first, not the entries.
  let tabs = 0;
  for (; tabs < 12; tabs++) {
    await page.keyboard.press('Tab');
    const inEditor = await page
      .getByRole('region', { name: 'Weekly plan editor' })
      .evaluate((el) => el.matches(':focus-within'));
    if (inEditor) break;
  }
  expect(tabs).toBeLessThan(3);
});
