import { expect, type Page, test } from '@playwright/test';
import { login, storedToken } from './helpers.js';

const IMPORT_LABEL = 'Import a transcript file (.vtt, .srt, .txt or .docx)';
/** Real meeting and caption files (server/src/test/transcriptCorpus/PROVENANCE.md). */
const CORPUS = 'server/src/test/transcriptCorpus/';

const auth = async (page: Page) => ({ authorization: `Bearer ${await storedToken(page)}` });

/** Deletes the signed-in user's transcripts and todos through the API, so each test starts empty. */
async function clean(page: Page) {
  const headers = await auth(page);
  // A page at a time (the largest page is 200), until none is left.
  for (let round = 0; round < 50; round++) {
    const first = await (await page.request.get('/api/transcripts?limit=200', { headers })).json();
    const ids = (first.items as Array<{ id: number }>).map((t) => t.id);
    if (ids.length === 0) break;
    expect((await page.request.post('/api/transcripts/bulk-delete', { headers, data: { ids } })).ok()).toBe(true);
  }
  for (const q of ['true', 'false']) {
    for (const t of (await (await page.request.get(`/api/todos?completed=${q}`, { headers })).json()) as Array<{
      id: number;
    }>)
      await page.request.delete(`/api/todos/${t.id}`, { headers });
  }
}

async function addByApi(page: Page, title: string, content = 'Some words.') {
  const res = await page.request.post('/api/transcripts', {
    headers: await auth(page),
    data: { title, content, date: '2026-03-10' },
  });
  expect(res.status()).toBe(201);
}

const rows = (page: Page) => page.getByRole('list', { name: 'Transcripts' }).getByRole('listitem');

test.beforeEach(async ({ page }) => {
  await login(page, '/transcript');
  await clean(page);
  await page.goto('/transcript');
});

test('the floating button’s quick form saves with Ctrl+Enter from any section', async ({ page }) => {
  await page.goto('/todos');
  // Keyboard only: open the menu, move with the arrows, choose with Enter.
  await page.getByRole('button', { name: 'Add transcript' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Impromptu Transcript' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Calendar Event' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Meeting Transcript' });
  await expect(dialog.getByText(/· Impromptu Meeting$/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Transcript', exact: true })).toHaveAttribute('rows', '12');
  await expect(dialog.getByLabel('Context (optional)')).toHaveAttribute('rows', '2');
  // The spec's order of checks.
  await dialog.getByRole('textbox', { name: 'Transcript', exact: true }).press('Control+Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Title is required');
  await dialog.getByLabel('Title').fill('Hallway sync');
  await dialog.getByRole('textbox', { name: 'Transcript', exact: true }).press('Control+Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Transcript content is required');
  await dialog.getByRole('textbox', { name: 'Transcript', exact: true }).fill('Ana: we agreed on the launch date.');
  await dialog.getByRole('textbox', { name: 'Transcript', exact: true }).press('Control+Enter');
  await expect(dialog).toHaveCount(0);

  await page.goto('/transcript');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Hallway sync');
  await expect(rows(page).first()).toContainText('Impromptu');
});

test('the calendar choice says when no calendar is connected and links to its settings', async ({ page }) => {
  await page.getByRole('button', { name: 'Add transcript' }).click();
  await page.getByRole('menuitem', { name: 'Calendar Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transcript for a Calendar Event' });
  await expect(dialog.getByText('Calendar not connected')).toBeVisible();
  await dialog.getByRole('link', { name: 'Connect Calendar' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('adds on the Transcripts screen, edits and deletes with confirmation', async ({ page }) => {
  await addByApi(page, 'Older meeting');
  await page.reload();
  await page.getByRole('button', { name: 'Add New Transcript' }).click();
  await page.getByRole('button', { name: 'Add Transcript', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields.');
  await page.getByLabel('Title').fill('Design review');
  await page.getByLabel('Type').selectOption('scheduled');
  await page.getByLabel('Content').fill('Bo: the icons are done.');
  await page.getByRole('button', { name: 'Add Transcript', exact: true }).click();
  // New items at the top.
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText('Design review');
  await expect(rows(page).first()).toContainText('Scheduled');

  await page.getByRole('button', { name: 'Edit Design review' }).click();
  await expect(page.getByLabel('Content')).toHaveValue('Bo: the icons are done.');
  await page.getByLabel('Title').fill('Design review (final)');
  await page.getByRole('button', { name: 'Update Transcript' }).click();
  await expect(rows(page).first()).toContainText('Design review (final)');

  // The spec's question, and focus back on the button that asked when the answer is Cancel.
  const deleteButton = page.getByRole('button', { name: 'Delete Design review (final)' });
  await deleteButton.click();
  const confirm = page.getByRole('dialog');
  await expect(
    confirm.getByText('Are you sure you want to delete this transcript? This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Older meeting');
  // The button is gone with its row: focus stays on the page's content, not on <body>.
  await expect(page.locator('main#content')).toBeFocused();
});

test('the Transcripts screen’s form asks before its typed text is thrown away', async ({ page }) => {
  await page.getByRole('button', { name: 'Add New Transcript' }).click();
  await page.getByLabel('Title').fill('Half-typed');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Half-typed');
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Todos' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/transcript$/);
  await expect(page.getByLabel('Title')).toHaveValue('Half-typed');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Title')).toHaveCount(0);
});

test('the transcript dialog asks before closing with typed text and keeps it as a draft', async ({ page }) => {
  const fab = page.getByRole('button', { name: 'Add transcript' });
  const open = async () => {
    await fab.click();
    await page.getByRole('menuitem', { name: 'Impromptu Transcript' }).click();
    return page.getByRole('dialog', { name: 'New Meeting Transcript' });
  };
  let dialog = await open();
  const title = dialog.getByLabel('Title');
  const text = dialog.getByRole('textbox', { name: 'Transcript', exact: true });
  // Empty: Escape closes at once, and focus goes back to the button that opened the menu.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(fab).toBeFocused();

  dialog = await open();
  await title.fill('Board prep');
  await text.fill('Ana: the numbers are final.');
  const ask = page.getByRole('dialog', { name: 'Close without saving?' });

  // Escape asks; Keep editing keeps everything.
  await text.press('Escape');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('stays in this browser as a draft');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(text).toHaveValue('Ana: the numbers are final.');
  await expect(text).toBeFocused();

  // A click outside asks too; Close closes, and focus returns to the button that opened it.
  await page.mouse.click(5, 5);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(fab).toBeFocused();

  // Reopened, then after a reload: the draft is back and the dialog says so.
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    dialog = await open();
    await expect(
      dialog.getByRole('status').filter({ hasText: 'A draft you had not saved was restored.' }),
    ).toBeVisible();
    await expect(title).toHaveValue('Board prep');
    await expect(text).toHaveValue('Ana: the numbers are final.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  }

  // Discarding asks first; then the form is empty and closes without a question.
  dialog = await open();
  const discard = page.getByRole('dialog', { name: 'Discard the draft?' });
  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await discard.getByRole('button', { name: 'Keep draft' }).click();
  await expect(title).toHaveValue('Board prep');
  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await discard.getByRole('button', { name: 'Discard draft' }).click();
  await expect(title).toHaveValue('');
  await expect(text).toHaveValue('');
  await expect(dialog.getByText('A draft you had not saved was restored.')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A saved transcript leaves no draft behind.
  dialog = await open();
  await title.fill('Retro');
  await text.fill('Bo: ship it.');
  await text.press('Control+Enter');
  await expect(dialog).toHaveCount(0);
  // The "saved" notification sits over the floating button (and a pointer over it keeps it open).
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  dialog = await open();
  await expect(title).toHaveValue('');
  await expect(dialog.getByText('A draft you had not saved was restored.')).toHaveCount(0);
});

test('imports a .vtt export into the form, speakers and start times kept', async ({ page }) => {
  await page.getByRole('button', { name: 'Add New Transcript' }).click();
  await page.getByLabel(IMPORT_LABEL).setInputFiles({
    name: 'Weekly sync.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from(
      '\uFEFFWEBVTT\r\n\r\n1\r\n00:00:01.000 --> 00:00:03.000\r\n<v Alice>Good morning.</v>\r\n\r\n2\r\n00:00:03.000 --> 00:00:05.000\r\n<v Bob>Action: send the deck.</v>\r\n',
    ),
  });
  await expect(page.getByLabel('Content')).toHaveValue(
    '[0:01] Alice: Good morning.\n\n[0:03] Bob: Action: send the deck.',
  );
  await expect(page.getByLabel('Title')).toHaveValue('Weekly sync');
  await page.getByRole('button', { name: 'Add Transcript', exact: true }).click();
  await expect(rows(page).first()).toContainText('Weekly sync');

  // A broken file says why and leaves the form as it was.
  await page.getByRole('button', { name: 'Add New Transcript' }).click();
  await page.getByLabel(IMPORT_LABEL).setInputFiles({
    name: 'broken.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('not a caption file at all'),
  });
  await expect(page.getByRole('alert')).toContainText('This .vtt file could not be read');
  await expect(page.getByLabel('Content')).toHaveValue('');
});

test('imports a Windows-1252 .srt and a Teams .docx as their bytes: accents and speakers kept', async ({ page }) => {
  // The page's form: a French subtitle file in Windows-1252, whose accents file.text() would lose.
  await page.getByRole('button', { name: 'Add New Transcript' }).click();
  await page.getByLabel(IMPORT_LABEL).setInputFiles(`${CORPUS}windows-1252-french.srt`);
  const content = page.getByLabel('Content');
  await expect(content).toHaveValue(
    /^\[0:01\] Downloaded From www\.AllSubs\.org CE FILM RELATE DES ÉVÉNEMENTS QUI ONT EXISTÉ\./,
  );
  await expect(content).toHaveValue(/avant l'existence du câble, où le présentateur local régnait en maître\./);
  await expect(page.getByLabel('Title')).toHaveValue('windows-1252-french');

  // The quick form: a Teams transcript document.
  await page.getByRole('button', { name: 'Add transcript', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Impromptu Transcript' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Meeting Transcript' });
  await dialog.getByLabel(IMPORT_LABEL).setInputFiles(`${CORPUS}teams-transcript-hand-made.docx`);
  await expect(dialog.getByRole('status')).toHaveText(
    'Imported teams-transcript-hand-made.docx: speakers Zoë Müller, José Álvarez, Ünal Kaya.',
  );
  const text = dialog.getByRole('textbox', { name: 'Transcript', exact: true });
  await expect(text).toHaveValue(/\n\n\[0:03\] Zoë Müller: Bonjour à tous, on commence \?/);
  await expect(text).toHaveValue(/\n\n\[0:36\] Ünal Kaya: Yes, I will book the room for Thursday\.$/);
});

test('turns ticked action items into todos that name the meeting', async ({ page }) => {
  await addByApi(page, 'Planning', 'Bob: Action: book the venue.\nAna: I will draft the agenda.\nWe chatted.');
  await page.reload();
  await page.getByRole('button', { name: 'Find action items in Planning' }).click();
  const dialog = page.getByRole('dialog', { name: 'Action items' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: 'Add to todos' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'draft the agenda' }).check();
  await dialog.getByRole('button', { name: 'Add 1 to todos' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/todos');
  const todos = page.getByRole('list', { name: 'Todos' }).getByRole('listitem');
  await expect(todos).toHaveCount(1);
  await expect(todos.first()).toHaveText('Draft the agenda (from meeting: Planning, 2026-03-10)');
});

test('bulk-deletes transcripts in data management after a confirmation', async ({ page }) => {
  for (const t of ['One', 'Two', 'Three']) await addByApi(page, t);
  await page.goto('/dashboard/data-settings');
  await page.getByRole('tab', { name: 'Meeting Transcripts' }).click();
  const list = page.getByRole('list', { name: 'transcripts' });
  await expect(list.getByRole('checkbox')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all (3)' }).check();
  await list.getByRole('checkbox', { name: /One/ }).uncheck();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 transcripts?' });
  await expect(confirm).toContainText('This action cannot be undone');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('checkbox')).toHaveCount(1);
  await expect(list).toContainText('One');
  await page.getByRole('tab', { name: 'Assistant Chats' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
});

test('a long list shows 50 at a time, and data management reads past the largest page', async ({ page }) => {
  const count = 260;
  for (let i = 0; i < count; i += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, (_, k) =>
        addByApi(page, `Meeting ${String(i + k).padStart(3, '0')}`),
      ),
    );
  await page.goto('/transcript');
  await expect(rows(page)).toHaveCount(50);
  await page.getByRole('button', { name: `Show more (${count - 50} left)` }).click();
  await expect(rows(page)).toHaveCount(100);
  await expect(page.getByRole('button', { name: `Show more (${count - 100} left)` })).toBeVisible();
  // Every row once, newest first.
  const titles = await rows(page)
    .locator('span', { hasText: /^Meeting \d{3}$/ })
    .allTextContents();
  expect(new Set(titles).size).toBe(100);

  await page.goto('/dashboard/data-settings');
  await page.getByRole('tab', { name: 'Meeting Transcripts' }).click();
  const list = page.getByRole('list', { name: 'transcripts' });
  // The first page of 200, then the rest.
  await expect(list.getByRole('checkbox')).toHaveCount(200);
  await expect(page.getByRole('checkbox', { name: `Select all (${count})` })).toBeVisible();
  await page.getByRole('button', { name: /Load more/ }).click();
  await expect(list.getByRole('checkbox')).toHaveCount(count);
});

test('on a phone there is no floating button and the list still works', async ({ page }) => {
  await addByApi(page, 'Phone meeting');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/transcript');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add transcript' })).toBeHidden();
  await page.getByRole('button', { name: 'Edit Phone meeting' }).click();
  await page.getByLabel('Title').fill('Phone meeting, edited');
  await page.getByRole('button', { name: 'Update Transcript' }).click();
  await expect(rows(page).first()).toContainText('Phone meeting, edited');
});
