import { expect, type Page, test } from '@playwright/test';
import { type LlmApp, signInAt, startApp, startAppWithFakeLlm } from './llmServer.js';

const PIECES = [
  '<think>Short on time, no equipment.</think>',
  'Great question! ',
  'Start with a **5 minute** warm-up, ',
  'then 3 rounds of squats, ',
  'push-ups and lunges.',
];
let app: LlmApp;

test.beforeAll(async () => {
  app = await startAppWithFakeLlm(PIECES, 400);
});
test.afterAll(async () => {
  await app?.close();
});

const signIn = (page: Page, next: string) => signInAt(page, app.baseUrl, next);

test('a workout-coach chat streams in, is renamed, survives a reload and is deleted', async ({ page }) => {
  await signIn(page, '/coach');
  await expect(page.getByRole('heading', { name: 'New Coach Session' })).toBeVisible();

  const start = page.getByRole('button', { name: 'Start Chat' });
  await expect(start).toBeDisabled();
  await page.getByLabel('Your message').fill('I have 20 minutes and no equipment.');
  await expect(start).toBeDisabled();
  await page.getByRole('button', { name: 'Workout Coach' }).click();
  await expect(start).toBeEnabled();
  await start.click();

  const reply = page.getByTestId('assistant-message').last();
  // The first pieces show before the reply is complete, and Send waits for it.
  await expect(reply).toContainText('Great question!');
  await expect(reply).not.toContainText('push-ups and lunges.');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(reply).toContainText('Start with a 5 minute warm-up, then 3 rounds of squats, push-ups and lunges.');
  await expect(reply.locator('strong')).toHaveText('5 minute');
  await expect(page.getByTestId('user-message')).toHaveText('I have 20 minutes and no equipment.');
  expect(app.requests[0]?.messages.at(-1)?.content).toBe('I have 20 minutes and no equipment.');

  // The model's thinking is kept apart and can be opened.
  await expect(reply).not.toContainText('Short on time');
  await reply.getByRole('button', { name: 'Show thoughts' }).click();
  await expect(reply).toContainText('Short on time, no equipment.');
  await reply.getByRole('button', { name: 'Hide thoughts' }).click();
  await expect(reply).not.toContainText('Short on time');

  // Shift+Enter breaks the line, Enter sends.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Thanks');
  await box.press('Shift+Enter');
  await box.pressSequentially('See you');
  await expect(box).toHaveValue('Thanks\nSee you');
  await box.press('Enter');
  await expect(page.getByTestId('user-message').last()).toHaveText('Thanks\nSee you');
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByTestId('assistant-message').last()).toContainText('push-ups and lunges.');

  // A provider error mid-stream ends in an 'Error: …' bubble; the message stays in the chat.
  await box.fill('Now FAIL please');
  await box.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveText(
    'Error: The AI model had an error. Please try again.',
  );
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled(); // empty box
  await box.fill('x');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await box.fill('');

  // Rename: an empty title cannot be saved.
  const history = page.getByRole('navigation', { name: 'Chat History' });
  await history.getByRole('button', { name: /^Rename Chat from/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename conversation' });
  await dialog.getByLabel('Title').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('Bodyweight plan');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(history.getByRole('button', { name: /Bodyweight plan/ }).first()).toBeVisible();

  // After a reload the conversation is in the history and opens again.
  await page.reload();
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByRole('heading', { name: 'New Coach Session' })).toBeVisible();
  await page.getByRole('button', { name: 'View Previous Chats' }).click();
  await page
    .getByRole('button', { name: /Bodyweight plan/ })
    .first()
    .click();
  await expect(page.getByTestId('user-message').first()).toHaveText('I have 20 minutes and no equipment.');
  // Saved: both replies and the three user messages, the failed one included.
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByTestId('user-message')).toHaveCount(3);
  await expect(page.getByTestId('user-message').last()).toHaveText('Now FAIL please');

  // Delete asks first, then the open chat resets to a new session.
  await page
    .getByRole('navigation', { name: 'Chat History' })
    .getByRole('button', { name: 'Delete Bodyweight plan' })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this conversation?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'New Coach Session' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Previous Chats' })).toHaveCount(0);
});

test('on a narrow screen the history slides in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/coach');
  await page.getByLabel('Your message').fill('Quick stretch ideas?');
  await page.getByRole('button', { name: 'Professional Coach' }).click();
  await page.getByRole('button', { name: 'Start Chat' }).click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('push-ups and lunges.');
  await expect(page.getByRole('navigation', { name: 'Chat History' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Chat History' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat History' });
  await expect(panel.getByText('Professional Coach')).toBeVisible();
  await panel.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(panel).toBeHidden();
});

test.describe('without an AI model', () => {
  let offline: LlmApp;
  test.beforeAll(async () => {
    offline = await startApp();
  });
  test.afterAll(async () => {
    await offline?.close();
  });

  test('the Coach says so in plain words before anything is typed, and what still works', async ({ page }) => {
    await signInAt(page, offline.baseUrl, '/coach');
    await expect(page.getByRole('heading', { name: 'New Coach Session' })).toBeVisible();
    const notice = page.getByRole('note');
    await expect(notice).toContainText('Your administrator has not connected an AI model to Daymark.');
    await expect(notice).toContainText('Executive Daily Briefing and Strategic Day Review in the Assistant still work');
    const field = page.getByLabel('Your message');
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription(/has not connected an AI model/);
    await expect(page.locator('body')).not.toContainText(/LLM_|README|environment/);
  });
});

test('with a model the Coach shows no such notice', async ({ page }) => {
  await signIn(page, '/coach');
  await expect(page.getByRole('heading', { name: 'New Coach Session' })).toBeVisible();
  // The settings answer that says a model is connected has arrived.
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/settings'))),
    )
    .toBe(true);
  await expect(page.getByRole('note')).toHaveCount(0);
});
