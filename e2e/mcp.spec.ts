import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, type Page, test } from '@playwright/test';
import { API_KEY_TEXT } from '#common/apiKeyConstants.js';
import { storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

// Its own app: the todos and notes written here stay out of other specs.
let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

async function connect(key: string) {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/api/mcp/rpc`), {
      requestInit: { headers: { 'x-api-key': key } },
    }),
  );
  return client;
}

type BrowserGlobal = { navigator: { clipboard: { readText(): Promise<string> } } };
const clipboard = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as BrowserGlobal).navigator.clipboard.readText());

test('a key created on the MCP screen lets an AI client add a todo, and stops working once deleted', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  await signInAt(page, app.baseUrl, '/dashboard/mcp-settings');
  await expect(page.getByRole('link', { name: 'MCP API Keys' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No API keys yet')).toBeVisible();

  const name = page.getByLabel('Name');
  const create = page.getByRole('button', { name: 'Create API Key' });
  await expect(create).toBeDisabled();
  await name.fill('   ');
  await expect(create).toBeDisabled();
  await name.press('Enter');
  await expect(page.getByText(API_KEY_TEXT.nameRequired)).toBeVisible();
  await expect(page.getByLabel('Expires')).toHaveValue('90d');
  await name.fill('Claude Desktop');
  await create.click();

  const panel = page.getByRole('region', { name: 'New API key' });
  const shown = (await panel.getByTestId('new-api-key').textContent()) ?? '';
  expect(shown).toMatch(/^dmk_/);
  await panel.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const key = await clipboard(page);
  expect(key).toBe(shown);
  // Settings for each client carry the endpoint and the key.
  await panel.getByRole('tab', { name: 'Cursor' }).click();
  await expect(panel.getByRole('tabpanel')).toContainText(`${app.baseUrl}/api/mcp/rpc`);
  await expect(panel.getByRole('tabpanel')).toContainText(key);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  const list = page.getByRole('list', { name: 'API keys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Claude Desktop');
  await expect(list).toContainText(`${key.slice(0, 8)}…${key.slice(-4)}`);
  await expect(list).not.toContainText(key);
  await expect(list).toContainText('Last usedNever');

  // An MCP client connects with the key and adds a todo, which the Todos screen shows.
  const client = await connect(key);
  const added = await client.callTool({ name: 'todos_add', arguments: { items: ['Renew the passport via MCP'] } });
  expect(added.isError).toBeFalsy();
  await page.goto(`${app.baseUrl}/todos`);
  await expect(page.getByRole('list', { name: 'Todos' })).toContainText('Renew the passport via MCP');

  // Last used is shown once the key has been used.
  await page.goto(`${app.baseUrl}/dashboard/mcp-settings`);
  await expect(list).not.toContainText('Last usedNever');

  // Delete, with the spec's confirmation; the client is refused from then on.
  await list.getByRole('button', { name: 'Delete API key Claude Desktop' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(API_KEY_TEXT.deleteConfirm);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(client.listTools()).rejects.toThrow(/401|Invalid/);
  await client.close();
});

test('search from the Notes screen finds a note and opens it, by keyboard, also at 390 px', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/notes');
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const res = await page.request.post(`${app.baseUrl}/api/personal-journal`, {
    headers,
    data: {
      journal_type: 'note',
      date: '2026-02-10',
      content: 'Lighthouse trip\nPack the binoculars for the lighthouse.',
    },
  });
  const note = (await res.json()) as { id: number };

  const box = page.getByRole('combobox', { name: 'Search notes' });
  await box.fill('lighthou');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option').first()).toContainText('Lighthouse trip');
  await expect(results.locator('mark').first()).toHaveText(/lighthouse/i);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/notes/entry/note/${note.id}$`));
  await expect(page.getByRole('paragraph').filter({ hasText: 'Pack the binoculars' })).toBeVisible();

  // Escape clears the box and brings the list back; odd input finds nothing without an error.
  await box.fill('"NEAR( *');
  await expect(page.getByText('0 results')).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveValue('');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.baseUrl}/notes`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(box).toBeFocused();
  await page.keyboard.type('binoculars');
  await expect(results.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/notes/entry/note/${note.id}$`));
  await expect(page.getByRole('paragraph').filter({ hasText: 'Pack the binoculars' })).toBeVisible();
});
