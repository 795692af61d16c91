import { expect, type Page, test } from '@playwright/test';
import { ADMIN, holdBack, login, storedToken, submitLogin } from './helpers.js';

/** Signs in and opens the workout history; returns the top bar's section links. */
async function atWorkoutHistory(page: Page) {
  await login(page);
  await page.goto('/workout/history');
  await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  // The page itself, not only its header: its code arrives after the tab is marked, and a click
  // before then leaves a loading screen behind, not the history (there is nothing to keep).
  await expect(page.getByRole('tablist', { name: 'Workout history' })).toBeVisible();
  return page.getByRole('navigation', { name: 'Primary' });
}

test.describe('login', () => {
  test('empty fields are refused without calling the server', async ({ page }) => {
    const loginCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/login') && loginCalls.push(r.url()));
    await page.goto('/login');
    await expect(page.getByText('Contact your administrator to get an account.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username and password are required');

    await submitLogin(page, '   ', ADMIN.password);
    await expect(page.getByRole('alert')).toHaveText('Username and password are required');
    expect(loginCalls).toHaveLength(0);
  });

  test('the username field has the focus once the form shows: signing in from the keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeFocused();
    await page.keyboard.type(ADMIN.username);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the form does not take the focus back from a field the user chose first', async ({ page }) => {
    // The password field is focused as soon as it exists, before the form has been painted.
    await page.addInitScript(`
      new MutationObserver((_, observer) => {
        const password = document.querySelector('input[name="password"]');
        if (!password) return;
        password.focus();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    `);
    await page.goto('/login');
    await expect(page.getByLabel('Password')).toBeFocused();
    // Well after the form's first frames: the focus stays where the user put it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    await expect(page.getByLabel('Password')).toBeFocused();
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, ADMIN.username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('signing in opens the dashboard with a greeting', async ({ page }) => {
    await login(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`Hi, ${ADMIN.username}`)).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
  });

  test('a deep link survives the detour through login', async ({ page }) => {
    await page.goto('/workout/history?from=reminder');
    await expect(page).toHaveURL(/\/login\?next=%2Fworkout%2Fhistory%3Ffrom%3Dreminder$/);
    await submitLogin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Workout' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Workout sections' }).getByRole('link', { name: 'History' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\/workout\/history\?from=reminder$/);
  });

  test('a signed-in user visiting /login is sent onward', async ({ page }) => {
    await login(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login?next=%2Fworkout%2Fhistory');
    await expect(page).toHaveURL(/\/workout\/history$/);
  });
});

test.describe('session', () => {
  test('logout returns to /login and forgets the token', async ({ page }) => {
    await login(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });

  test('a token revoked on the server sends the user to /login', async ({ page, request }) => {
    await login(page);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const revoke = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(revoke.ok()).toBe(true);

    await page.reload();
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  test('a server error on the session check signs out; no answer at all keeps the session', async ({ page }) => {
    await login(page, '/todos');
    // Leaving a page while its session check is in flight (the browser aborts it) keeps the session.
    await page.route('**/api/auth/me', (route) => route.abort('failed'));
    await page.reload();
    await expect(page.getByText('Cannot reach Daymark. Check your connection and try again.')).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
    await page.unroute('**/api/auth/me');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Checklist' })).toBeVisible();
    await expect(page).toHaveURL(/\/todos$/);

    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 500, body: '{"error":"Something went wrong"}' }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login\?next=%2Ftodos$/);
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('shell', () => {
  test('unknown paths go to the dashboard', async ({ page }) => {
    await login(page);
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/no-such-tab');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/workout/no-such-tab');
    await expect(page).toHaveURL(/\/workout$/);
  });

  test('desktop shows the top bar, phones the bottom tab bar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await login(page);
    const top = page.getByRole('navigation', { name: 'Primary' });
    const bottom = page.getByRole('navigation', { name: 'Tab bar' });
    await expect(top).toBeVisible();
    await expect(bottom).toBeHidden();
    await expect(top.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(bottom).toBeVisible();
    await expect(top).toBeHidden();
    await expect(bottom.getByRole('link')).toHaveCount(7);
    for (const link of await bottom.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
    await bottom.getByRole('link', { name: 'Workout' }).click();
    await expect(page).toHaveURL(/\/workout$/);
    await expect(bottom.getByRole('link', { name: 'Workout' })).toHaveAttribute('aria-current', 'page');
  });

  test('applet tabs navigate and mark the active tab', async ({ page }) => {
    await login(page);
    const tabs = page.getByRole('navigation', { name: 'Dashboard sections' });
    await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Cron Jobs' }).click();
    await expect(page).toHaveURL(/\/dashboard\/cron-jobs$/);
    await expect(tabs.getByRole('link', { name: 'Cron Jobs' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('sections and the start page remember the last route of the session', async ({ page }) => {
    const nav = await atWorkoutHistory(page);
    await nav.getByRole('link', { name: 'Notes' }).click();
    await expect(page).toHaveURL(/\/notes$/);
    await nav.getByRole('link', { name: 'Workout' }).click();
    await expect(page).toHaveURL(/\/workout\/history$/);

    await page.goto('/');
    await expect(page).toHaveURL(/\/workout\/history$/);
  });

  test('the start page leads to an address taken while its page was still loading', async ({ page }) => {
    const nav = await atWorkoutHistory(page);
    // The Notes page's code is held back: the address changes at once, the screen only when it arrives.
    const notesPage = await holdBack(page, '**/assets/NotesPage-*.js');
    await nav.getByRole('link', { name: 'Notes' }).click();
    await expect(page).toHaveURL(/\/notes$/);
    await expect.poll(() => notesPage.asked).toBe(true);
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/', { waitUntil: 'commit' });
    notesPage.release();
    await expect(page).toHaveURL(/\/notes$/);
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
  });

  test('section links follow Enter from the keyboard, and Ctrl+click opens the last route in a new tab', async ({
    page,
    context,
  }) => {
    const nav = await atWorkoutHistory(page);
    await nav.getByRole('link', { name: 'Notes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/notes$/);

    const opened = context.waitForEvent('page');
    await nav.getByRole('link', { name: 'Workout' }).click({ modifiers: ['Control'] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/workout\/history$/);
    await expect(tab.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\/notes$/);
    await tab.close();
  });

  test('the bar also shows while a section loads its routes before the address changes', async ({ page }) => {
    const routes = await holdBack(page, '**/assets/routes-*.js');
    await login(page);
    const loading = page.getByRole('progressbar', { name: 'Loading page' });
    await expect(loading).toBeHidden();
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Transcripts' }).click();
    await expect(loading).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    routes.release();
    await expect(page).toHaveURL(/\/transcript$/);
    await expect(page.getByRole('button', { name: 'Add New Transcript' })).toBeVisible();
    await expect(loading).toBeHidden();
  });

  test('while a page just opened is still loading, a bar says so and section links lead to their last route', async ({
    page,
  }) => {
    const nav = await atWorkoutHistory(page);

    // The Notes page's code is held back: the address changes at once, the screen only when it arrives.
    const notesPage = await holdBack(page, '**/assets/NotesPage-*.js');
    const loading = page.getByRole('progressbar', { name: 'Loading page' });
    await expect(loading).toBeHidden();
    await nav.getByRole('link', { name: 'Notes' }).click();
    await expect(page).toHaveURL(/\/notes$/);
    await expect.poll(() => notesPage.asked).toBe(true);
    // The previous screen stays, and says that the next one is on its way.
    await expect(loading).toBeVisible();
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Workout' }).click();
    await expect(page).toHaveURL(/\/workout\/history$/);
    notesPage.release();
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\/workout\/history$/);
    await expect(loading).toBeHidden();
  });
});
