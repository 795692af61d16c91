import { expect, type Page, test } from '@playwright/test';
import { login, storedToken } from './helpers.js';

/** Deletes every todo of the signed-in user through the API, so each test starts empty. */
async function clearTodos(page: Page) {
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const res = await page.request.get('/api/todos?completed=true', { headers });
  const open = await page.request.get('/api/todos?completed=false', { headers });
  for (const t of [...(await res.json()), ...(await open.json())] as Array<{ id: number }>) {
    await page.request.delete(`/api/todos/${t.id}`, { headers });
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
