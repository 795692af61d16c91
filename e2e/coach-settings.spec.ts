import { expect, test } from '@playwright/test';
import { login } from './helpers.js';

test('edit a coach prompt, see it customized, reset it, and reset all', async ({ page }) => {
  await login(page, '/dashboard/coach-settings');
  const workout = page.getByRole('region', { name: 'Workout Coach settings' });
  const base = workout.getByLabel('Base prompt');
  await expect(base).toHaveValue(/strength and conditioning coach/);
  await expect(base).toHaveAttribute('rows', '3');
  await expect(workout.getByLabel('System prompt details')).toHaveAttribute('rows', '10');
  await expect(workout.getByLabel('User meta information')).toHaveAttribute('rows', '5');
  await expect(workout.getByText('Customized')).toHaveCount(0);

  // Validation with the spec's messages.
  await base.fill('   ');
  await workout.getByRole('button', { name: 'Save' }).click();
  await expect(workout.getByText('Base prompt cannot be empty')).toBeVisible();

  await base.fill('You are a terse kettlebell coach.');
  await workout.getByLabel('User meta information').fill('Two kettlebells, 16 and 24 kg.');
  await workout.getByRole('button', { name: 'Save' }).click();
  await expect(workout.getByText('Customized')).toBeVisible();

  await page.reload();
  const again = page.getByRole('region', { name: 'Workout Coach settings' });
  await expect(again.getByLabel('Base prompt')).toHaveValue('You are a terse kettlebell coach.');
  await expect(again.getByText('Customized')).toBeVisible();

  // Reset this coach: the built-in prompt returns, the meta information stays.
  await again.getByRole('button', { name: 'Reset to Defaults' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(again.getByLabel('Base prompt')).toHaveValue(/strength and conditioning coach/);
  await expect(again.getByText('Customized')).toHaveCount(0);
  await expect(again.getByLabel('User meta information')).toHaveValue('Two kettlebells, 16 and 24 kg.');

  // Reset all.
  const vocational = page.getByRole('region', { name: 'Professional Coach settings' });
  await vocational.getByLabel('System prompt details').fill('Ask one question at a time.');
  await vocational.getByRole('button', { name: 'Save' }).click();
  await expect(vocational.getByText('Customized')).toBeVisible();
  await page.getByRole('button', { name: 'Reset All' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset All' }).click();
  await expect(vocational.getByText('Customized')).toHaveCount(0);
  await expect(vocational.getByLabel('System prompt details')).toHaveValue(/How to coach/);
});

test('unsaved prompt changes ask before the page is left: Stay keeps them, Leave goes', async ({ page }) => {
  await login(page, '/dashboard/coach-settings');
  const workout = page.getByRole('region', { name: 'Workout Coach settings' });
  const meta = workout.getByLabel('User meta information');
  const todos = page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Todos' });
  await meta.fill('Training for a half marathon in May.');

  await todos.click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your unsaved changes to the Workout Coach settings will be lost.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/coach-settings$/);
  await expect(meta).toHaveValue('Training for a half marathon in May.');

  await todos.click();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/todos/);
  // Nothing was saved.
  await page.goto('/dashboard/coach-settings');
  await expect(
    page.getByRole('region', { name: 'Workout Coach settings' }).getByLabel('User meta information'),
  ).not.toHaveValue('Training for a half marathon in May.');
});

test('an empty prompt on Save focuses the field to fix', async ({ page }) => {
  await login(page, '/dashboard/coach-settings');
  const vocational = page.getByRole('region', { name: 'Professional Coach settings' });
  await vocational.getByLabel('System prompt details').fill(' ');
  await vocational.getByRole('button', { name: 'Save' }).click();
  await expect(vocational.getByLabel('System prompt details')).toBeFocused();
  const bar = await page.locator('header').first().boundingBox();
  const box = await vocational.getByText('System prompt details', { exact: true }).boundingBox();
  expect(bar && box && box.y >= bar.y + bar.height).toBe(true);
});
