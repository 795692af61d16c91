import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { MESSAGES_PAGE_DEFAULT } from '#common/api/coach.js';
import { storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

// Its own app without an AI provider: the journal and todos written here stay out of other specs.
let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

test('the offline Executive Daily Briefing is a report card built from the journal and todos', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/assistant');
  await expect(page.getByRole('heading', { name: 'Your executive assistant' })).toBeVisible();

  // The journal and a todo, entered earlier in the day.
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const note = [
    '## Morning Preparation',
    '### Daily Priorities',
    '- Finish the quarterly report',
    '- Call the bank',
    '### Anticipated Challenges',
    'Back-to-back meetings after lunch',
  ].join('\n');
  expect(
    (await page.request.post(`${app.baseUrl}/api/notes/daily/${today()}`, { headers, data: { content: note } })).ok(),
  ).toBe(true);
  expect(
    (await page.request.post(`${app.baseUrl}/api/todos`, { headers, data: { content: 'Renew the passport' } })).ok(),
  ).toBe(true);

  // Before anything is typed, the screen says in plain words that no model is connected and what works.
  const notice = page.getByRole('note');
  await expect(notice).toContainText('Your administrator has not connected an AI model');
  await expect(notice).toContainText('Executive Daily Briefing and Strategic Day Review still work');
  await expect(page.getByRole('textbox', { name: 'Ask your assistant' })).toHaveAccessibleDescription(
    /has not connected an AI model/,
  );
  await expect(page.locator('body')).not.toContainText(/LLM_|README|environment/);

  await page.getByRole('button', { name: 'Executive Daily Briefing' }).click();
  const card = page.getByTestId('report-card');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Executive Daily Briefing');
  await expect(card.getByRole('heading', { name: "Today's Priorities" })).toBeVisible();
  await expect(card).toContainText('Finish the quarterly report');
  await expect(card).toContainText('Back-to-back meetings after lunch');
  await expect(card.getByRole('heading', { name: 'Open Todos (1)' })).toBeVisible();
  await expect(card).toContainText('Renew the passport');
  // The Next Steps checkbox is named by its step.
  await expect(card.getByRole('checkbox')).toHaveCount(1);
  await expect(card.getByRole('checkbox')).toHaveAccessibleName('Start with: Finish the quarterly report');

  // A free question without a model gets a plain answer, with no setting's name in it.
  await page.getByRole('textbox', { name: 'Ask your assistant' }).fill('Will it rain today?');
  await page.getByRole('button', { name: 'Ask Assistant' }).click();
  const bubble = page.getByTestId('assistant-message').last();
  await expect(bubble).toContainText('Your administrator has not connected an AI model');
  await expect(bubble).not.toContainText(/LLM_|README|environment/);
  await expect(page.getByTestId('report-card')).toHaveCount(1);

  // The conversation is in the assistant's history; New Chat clears the screen.
  const history = page.getByRole('navigation', { name: 'Chat History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('button', { name: 'Executive Daily Briefing', exact: true })).toBeVisible();
  await history.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByTestId('report-card')).toHaveCount(0);

  await page.getByRole('button', { name: 'Strategic Day Review' }).click();
  await expect(page.getByTestId('report-card').getByRole('heading', { level: 2 })).toHaveText('Strategic Day Review');
  await expect(history.getByRole('listitem')).toHaveCount(2);

  // The coach screen does not list assistant conversations.
  await page.goto(`${app.baseUrl}/coach`);
  await expect(page.getByRole('heading', { name: 'New Coach Session' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Previous Chats' })).toHaveCount(0);
});

test('the history shows the latest 100 conversations and the older ones on demand', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/assistant');
  // 130 past conversations, written straight into the app's database.
  const db = new Database(path.join(app.dataDir, 'daymark.db'));
  const user = db.prepare("SELECT id FROM users WHERE username = 'admin'").get() as { id: number };
  const insert = db.prepare(
    "INSERT INTO coach_conversations (user_id, conversation_uuid, coach_type, title, created_at, updated_at) VALUES (?, ?, 'assistant', ?, ?, ?)",
  );
  for (let i = 0; i < 130; i++) {
    const at = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString();
    insert.run(user.id, `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`, `Old chat ${i}`, at, at);
  }
  db.close();
  await page.reload();
  const history = page.getByRole('navigation', { name: 'Chat History' });
  await expect(history.getByRole('button', { name: 'Old chat 129', exact: true })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Old chat 0', exact: true })).toHaveCount(0);
  const more = history.getByRole('button', { name: 'Show more' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(history.getByRole('button', { name: 'Old chat 0', exact: true })).toBeVisible();
  await expect(more).toHaveCount(0);
});

test('a long conversation opens on its latest messages and shows the earlier ones on demand', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/assistant');
  const db = new Database(path.join(app.dataDir, 'daymark.db'));
  const user = db.prepare("SELECT id FROM users WHERE username = 'admin'").get() as { id: number };
  const at = new Date().toISOString();
  const conv = db
    .prepare(
      "INSERT INTO coach_conversations (user_id, conversation_uuid, coach_type, title, created_at, updated_at) VALUES (?, '00000000-0000-4000-8000-00000000aaaa', 'assistant', 'Long talk', ?, ?)",
    )
    .run(user.id, at, at);
  const insert = db.prepare(
    'INSERT INTO coach_messages (user_id, conversation_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  // More messages than the first window holds (MESSAGES_PAGE_DEFAULT).
  for (let i = 0; i < MESSAGES_PAGE_DEFAULT + 30; i++) {
    insert.run(user.id, conv.lastInsertRowid, i % 2 ? 'assistant' : 'user', `Message number ${i}.`, at);
  }
  db.close();
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Chat History' })
    .getByRole('button', { name: 'Long talk', exact: true })
    .click();
  const last = `Message number ${MESSAGES_PAGE_DEFAULT + 29}.`;
  await expect(page.getByText(last, { exact: true })).toBeVisible();
  await expect(page.getByText('Message number 0.', { exact: true })).toHaveCount(0);
  const earlier = page.getByRole('button', { name: 'Show earlier messages' });
  await earlier.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Message number 0.', { exact: true })).toBeAttached();
  await expect(page.getByText('Message number 29.', { exact: true })).toBeAttached();
  await expect(earlier).toHaveCount(0);
  // Every message once, in order.
  const texts = await page.getByText(/^Message number \d+\.$/).allTextContents();
  expect(texts).toEqual(Array.from({ length: MESSAGES_PAGE_DEFAULT + 30 }, (_, i) => `Message number ${i}.`));
});
