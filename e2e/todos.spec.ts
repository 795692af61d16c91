import { expect, type Page, test } from '@playwright/test';
import { login, storedToken } from './helpers.js';

/** Deletes every todo of the signed-in user through the API, so each test starts empty. */
async function clearTodos(page: Page) {
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  // The done history comes a page at a time: read the first page until none is left.
  for (;;) {
    const done = (await (await page.request.get('/api/todos?completed=true&limit=500', { headers })).json()) as Array<{
      id: number;
    }>;
    const open = (await (await page.request.get('/api/todos?completed=false', { headers })).json()) as Array<{
      id: number;
    }>;
    if (!done.length && !open.length) break;
    for (const t of [...done, ...open]) await page.request.delete(`/api/todos/${t.id}`, { headers });
  }
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Todo list' });
const items = (page: Page) => page.getByRole('list', { name: 'Todos' }).getByRole('listitem');

test.beforeEach(async ({ page }) => {
  await login(page, '/todos');
  await clearTodos(page);
  await page.goto('/todos');
});

test('writes a checklist as text and shows it with done items struck through', async ({ page }) => {
  await page.getByRole('button', { name: /No todos yet/ }).click();
  await editor(page).fill('- [ ] Buy milk\n- [x] Call the bank\nWrite report\nBuy milk');
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(items(page)).toHaveCount(3);
  await expect(items(page).nth(0)).toHaveText('Buy milk');
  await expect(items(page).nth(1)).toHaveText('Write report');
  await expect(items(page).nth(2).locator('s')).toHaveText('Call the bank');
  await expect(page.getByRole('checkbox', { name: 'Call the bank' })).toBeChecked();

  // The text reflects the saved list after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Edit list' }).click();
  await expect(editor(page)).toHaveValue('- [ ] Buy milk\n- [ ] Write report\n- [x] Call the bank');
});

test('reconciles edits: toggles, deletes and adds; Escape discards', async ({ page }) => {
  await page.getByRole('button', { name: 'Edit list' }).click();
  await editor(page).fill('- [ ] One\n- [ ] Two\n- [ ] Three');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(items(page)).toHaveCount(3);

  await items(page).getByText('Two').click();
  await editor(page).fill('- [x] One\n- [ ] Three\n- [ ] Four');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(items(page)).toHaveText(['Three', 'Four', 'One']);

  await page.getByRole('button', { name: 'Edit list' }).click();
  await editor(page).fill('everything gone');
  await editor(page).press('Escape');
  await expect(editor(page)).toHaveCount(0);
  await expect(items(page)).toHaveText(['Three', 'Four', 'One']);
});

test('saves when the text area loses focus, and ticks items off directly', async ({ page }) => {
  await page.getByRole('button', { name: 'Edit list' }).click();
  await editor(page).fill('Water plants');
  await page.getByRole('heading', { name: 'Checklist' }).click();
  await expect(items(page)).toHaveText(['Water plants']);

  await page.getByRole('checkbox', { name: 'Water plants' }).check();
  await expect(items(page).first().locator('s')).toHaveText('Water plants');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Water plants' })).toBeChecked();
});

test('the debug page checks health and the journal call', async ({ page }) => {
  await page.goto('/todos/debug');
  await page.getByRole('button', { name: 'Run checks' }).click();
  await expect(page.getByText(/^OK: status ok/)).toBeVisible();
  await expect(page.getByText(/^OK: \d+ recent journal entr/)).toBeVisible();
});

test('the Completed card pages the done history, newest first, and reopens a todo', async ({ page }) => {
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  // 60 done todos, completed one after another: the newest completion is 'Done 60'.
  for (let i = 1; i <= 60; i++) {
    const created = await page.request.post('/api/todos', { headers, data: { content: `Done ${i}` } });
    const { id } = (await created.json()) as { id: number };
    await page.request.patch(`/api/todos/${id}`, { headers, data: { completed: true } });
  }
  await page.reload();
  const done = page.getByRole('list', { name: 'Completed todos' }).getByRole('listitem');
  await expect(done).toHaveCount(0);
  await page.getByRole('button', { name: 'Show completed todos' }).click();
  await expect(done).toHaveCount(50);
  await expect(done.first()).toContainText('Done 60');
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(done).toHaveCount(60);
  await expect(done.last()).toContainText('Done 1');
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Reopen Done 60' }).uncheck();
  await expect(done).toHaveCount(59);
  await expect(page.getByRole('checkbox', { name: 'Done 60', exact: true })).not.toBeChecked();
});
