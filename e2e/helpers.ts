import { expect, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '#common/constants.js';

/** The administrator that scripts/e2e-server.mjs creates. */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

/** Fills and submits the login form on the current page (which must be /login). */
export async function submitLogin(page: Page, username: string = ADMIN.username, password: string = ADMIN.password) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in through the login page and waits until the app has left it.
 * `next` is where to go afterwards (default: the app's choice, /dashboard).
 */
export async function login(page: Page, next?: string) {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await submitLogin(page);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** The bearer token the app keeps in localStorage, or null. */
export function storedToken(page: Page): Promise<string | null> {
  // The e2e tsconfig has no DOM types, so the browser global is described here.
  type BrowserGlobal = { localStorage: { getItem(key: string): string | null } };
  return page.evaluate((key) => (globalThis as unknown as BrowserGlobal).localStorage.getItem(key), TOKEN_STORAGE_KEY);
}

/**
 * Holds back the responses whose URL matches `pattern` (a chunk of the web app's code) until
 * `release` is called; `asked` tells whether the page has asked for one yet.
 */
export async function holdBack(page: Page, pattern: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { asked: false, release };
  await page.route(pattern, async (route) => {
    state.asked = true;
    await held;
    await route.continue();
  });
  return state;
}

/** Every screen of the app (a path each), for the specs that check them all (axe, the CSP). */
export const SCREENS = [
  '/dashboard',
  '/dashboard/calendar',
  '/dashboard/calendar-settings',
  '/dashboard/stats',
  '/dashboard/reminders',
  '/dashboard/coach-settings',
  '/dashboard/cron-jobs',
  '/dashboard/cron-executions',
  '/dashboard/cron-new',
  '/dashboard/data-settings',
  '/dashboard/mcp-settings',
  '/notes',
  '/notes/new/transcript',
  '/todos',
  '/workout',
  '/workout/history',
  '/workout/log',
  '/workout/import',
  '/workout/settings',
  '/workout/stats',
  '/coach',
  '/transcript',
  '/assistant',
];
