import { expect, type Page, test } from '@playwright/test';
import { login, SCREENS } from './helpers.js';

/**
 * Every screen renders under the app's Content-Security-Policy (no 'unsafe-inline' for scripts
 * or styles): no violation is reported while each one loads, and a dialog (whose scroll lock
 * injects a nonce-bearing <style>) opens and closes cleanly.
 */

function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
  });
  return violations;
}

test('every screen works under the Content-Security-Policy without inline allowances', async ({ page }) => {
  // Seventeen full page loads, each until the network is idle: 27–31 s on this 2-core machine,
  // across the default 30 s.
  test.setTimeout(90_000);
  const violations = collectViolations(page);
  const first = await page.goto('/login');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  await login(page);
  for (const screen of SCREENS) {
    await page.goto(screen);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // A dialog: its scroll lock injects the nonce-bearing <style>, and the page must not scroll.
  await page.goto('/dashboard/coach-settings');
  await page.getByRole('button', { name: 'Reset All' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const locked = await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { body: unknown } }).document;
    const style = (globalThis as unknown as { getComputedStyle(e: unknown): { overflow: string } }).getComputedStyle(
      doc.body,
    );
    return style.overflow;
  });
  expect(locked).toBe('hidden');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(violations).toEqual([]);
});
