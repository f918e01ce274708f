import { expect, test, type Page } from '@playwright/test';
import { signInAsOperator, signUpViaApi } from './support';

const SHOPPER_PAGES = [
  '/u/dashboard',
  '/u/receipts',
  '/u/receipts/upload',
  '/u/lists',
  '/u/lists/create',
  '/u/pantry',
  '/u/deals',
  '/u/analytics',
  '/u/settings/notifications',
  '/u/settings/preferences',
  '/u/settings/security',
  '/u/settings/export',
];
const OPERATOR_PAGES = ['/admin/dashboard', '/admin/users', '/admin/settings', '/admin/features', '/admin/moderation', '/admin/logs'];

/** Visits each page and returns the Content-Security-Policy complaints the browser logged on the way. */
async function collectViolations(page: Page, paths: string[]): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  return violations;
}

test('every shopper and operator page runs under the content security policy without a violation', async ({ page }) => {
  await signUpViaApi(page);
  expect(await collectViolations(page, SHOPPER_PAGES)).toEqual([]);
  await page.context().clearCookies();
  await signInAsOperator(page);
  expect(await collectViolations(page, OPERATOR_PAGES)).toEqual([]);
});

test('the server refuses a signed-in write sent from another site', async ({ page }) => {
  await signUpViaApi(page);
  const forged = await page.request.post('/api/lists', { headers: { origin: 'https://evil.example' }, data: { name: 'Forged' } });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toMatchObject({ error: 'csrf_rejected' });
  const response = await page.goto('/u/lists');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByText('Forged')).toHaveCount(0);
});
