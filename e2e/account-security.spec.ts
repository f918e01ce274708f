import { expect, test } from '@playwright/test';
import { PASSWORD, signUpViaApi } from './support';

// Phone-first: the journeys run at a phone's width.
test.use({ viewport: { width: 390, height: 844 } });

const NEW_PASSWORD = 'a-brand-new-password-9';

test('a shopper changes their password and their other device is signed out', async ({ page, browser }) => {
  const email = await signUpViaApi(page);
  // A second device signed in to the same account.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const otherPage = await other.newPage();
  const signIn = await otherPage.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBeTruthy();

  await page.goto('/u/settings');
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Security' }).click();
  const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('list');
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toBeVisible();
  await expect(page.getByText('Not confirmed')).toBeVisible();

  const passwordCard = page.getByRole('region', { name: 'Password' });
  await passwordCard.getByLabel('Current password').fill('not-the-password');
  await passwordCard.getByLabel('New password').fill(NEW_PASSWORD);
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordCard.getByRole('alert')).toBeVisible();

  await passwordCard.getByLabel('Current password').fill(PASSWORD);
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your other devices were signed out.').first()).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);

  // The other device is signed out; the new password signs in there.
  await otherPage.goto('/u/dashboard');
  await expect(otherPage).toHaveURL(/\/login/);
  await otherPage.getByLabel(/email/i).first().fill(email);
  await otherPage
    .getByLabel(/password/i)
    .first()
    .fill(NEW_PASSWORD);
  await otherPage.getByRole('button', { name: /^sign in$/i }).click();
  await expect(otherPage).toHaveURL(/\/(u|onboarding)/);
  await other.close();
});

test('a shopper deletes their account after confirming their password and can no longer sign in', async ({ page }) => {
  const email = await signUpViaApi(page);
  await page.goto('/u/settings/security');
  const danger = page.getByRole('region', { name: 'Delete account' });
  await danger.getByRole('button', { name: 'Delete account' }).click();

  await danger.getByLabel('Your password').fill('wrong-password-1');
  await danger.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(danger.getByRole('alert')).toHaveText('The password is not correct.');

  await danger.getByLabel('Your password').fill(PASSWORD);
  await danger.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  await page.goto('/login');
  await page.getByLabel(/email/i).first().fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
