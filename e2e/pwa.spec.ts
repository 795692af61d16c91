import { expect, test } from '@playwright/test';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

// This spec is about the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Its own app, so its service worker and caches meet no other spec.
/** The browser globals used here (the e2e tsconfig has no DOM types). */
type WorkerGlobal = {
  navigator: { serviceWorker: { ready: Promise<{ scope: string }> } };
  caches: { keys(): Promise<string[]>; open(name: string): Promise<{ keys(): Promise<Array<{ url: string }>> }> };
};
const cachedPaths = async () => {
  const { caches } = globalThis as unknown as WorkerGlobal;
  const urls: string[] = [];
  for (const name of await caches.keys()) {
    for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
  }
  return urls;
};

let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

test('installable: a manifest with icons, and a service worker that opens the app shell offline', async ({
  page,
  context,
}) => {
  await signInAt(page, app.baseUrl, '/dashboard');
  await expect(page.getByRole('heading', { name: 'This Week' })).toBeVisible();

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(`${app.baseUrl}${href}`)).json();
  expect(manifest).toMatchObject({ name: 'Daymark', display: 'standalone', start_url: '/dashboard' });
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const res = await page.request.get(`${app.baseUrl}${icon.src}`);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // The worker installs and precaches the shell and the hashed assets.
  const scope = await page.evaluate(
    async () => (await (globalThis as unknown as WorkerGlobal).navigator.serviceWorker.ready).scope,
  );
  expect(scope).toBe(`${app.baseUrl}/`);
  await expect
    .poll(() => page.evaluate(cachedPaths))
    .toEqual(expect.arrayContaining(['/index.html', expect.stringMatching(/^\/assets\/index-.+\.js$/)]));
  // Never an API response.
  const cached = await page.evaluate(cachedPaths);
  expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);

  // With the network off, the app shell still opens and says it cannot reach the server.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/Cannot reach Daymark/)).toBeVisible();
  await page.goto(`${app.baseUrl}/todos`).catch(() => {});
  await expect(page.getByText(/Cannot reach Daymark/)).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: /Try again|Retry/ }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
