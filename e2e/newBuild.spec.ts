import { expect, type Page, test } from '@playwright/test';
import { login } from './helpers.js';

// This spec is about the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * A page opened before an update asks for the old build's chunks, which the server no longer
 * has (404). The browser tests' app has no service worker in control on the first visit, so
 * each section not yet opened fails that way until the page is reloaded.
 */

const NOTES_CHUNK = '**/assets/NotesPage-*.js';

/**
 * Answers the Notes page's chunk with 404 (the browser may ask for it twice per page: a preload,
 * then the import), until the page is reloaded when `untilReload`, else always. Counts reloads.
 */
async function chunkGone(page: Page, { untilReload }: { untilReload: boolean }) {
  const state = { reloads: 0, refused: 0, sent: 0 };
  await page.waitForLoadState('load');
  // Registered once the page has loaded: each later 'load' is a reload (moving between the
  // app's screens loads no document).
  page.on('load', () => {
    state.reloads += 1;
  });
  await page.route(NOTES_CHUNK, async (route) => {
    if (untilReload && state.reloads > 0) {
      state.sent += 1;
      await route.continue();
    } else {
      state.refused += 1;
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not found"}' });
    }
  });
  return state;
}

const notesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Notes' });

test('a section whose code an update replaced opens after one reload', async ({ page }) => {
  await login(page);
  const chunk = await chunkGone(page, { untilReload: true });
  await notesLink(page).click();
  // Still signed in, on the section asked for.
  await expect(page.getByRole('heading', { name: 'Create' })).toBeVisible();
  await expect(page).toHaveURL(/\/notes$/);
  expect(chunk.reloads).toBe(1);
  expect(chunk.refused).toBeGreaterThan(0);
  expect(chunk.sent).toBeGreaterThan(0);
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
});

test('code that is still missing after the reload shows the error screen, with no second reload', async ({ page }) => {
  await login(page);
  const chunk = await chunkGone(page, { untilReload: false });
  await notesLink(page).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText(/Failed to fetch dynamically imported module/)).toBeVisible();
  // One reload was tried, not a loop: the screen stays, with its own Reload button. (The
  // screen shows only once the reloaded page has decided not to reload again.)
  await expect.poll(() => chunk.reloads).toBe(1);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page).toHaveURL(/\/notes$/);
});

test('offline, a missing chunk shows the error screen instead of reloading into the browser’s own', async ({
  page,
}) => {
  await login(page);
  const chunk = await chunkGone(page, { untilReload: false });
  let healthChecks = 0;
  await page.route('**/api/health', (route) => {
    healthChecks += 1;
    return route.abort('internetdisconnected');
  });
  await notesLink(page).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  // The screen shows only after the failed health check decided against a reload.
  await expect.poll(() => healthChecks).toBe(1);
  expect(chunk.reloads).toBe(0);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
});
