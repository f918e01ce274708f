import { expect, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support';

test('a newcomer signs up with the form, lands in the app and signs out', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Name (optional)').fill('Nia Newcomer');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/u\/dashboard$/);

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/(login)?$/);
  // Signed out for real: the app sends the visitor to the login page.
  await page.goto('/u/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the deals page groups seeded deals by chain with percent-off badges', async ({ page }) => {
  const res = await page.request.post('/api/signup', { data: { email: uniqueEmail('deals'), password: PASSWORD } });
  expect(res.ok()).toBeTruthy();
  await page.goto('/u/deals');
  await expect(page.getByRole('region', { name: 'FreshMart' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unknown' })).toBeVisible();
  await expect(page.getByText(/^\d+ active deals?$/).first()).toBeVisible();
  await expect(page.getByText(/^\d+% off$/).first()).toBeVisible();
  await expect(page.getByText(/^Valid until /).first()).toBeVisible();
  await page.getByPlaceholder('Search deals by product or store...').fill('no-such-product-xyz');
  await expect(page.getByText('No deals found')).toBeVisible();
  await expect(page.getByText('Try a different search term')).toBeVisible();
});
