import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PASSWORD, signInAsOperator, signUpViaApi, uniqueEmail } from './support';

test('a shopper who opens the admin dashboard lands on their own dashboard', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/u\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toHaveCount(0);
});

test('an operator sees the dashboard stats with who is signed in, and no subscriptions while billing is off', async ({ page }) => {
  await signInAsOperator(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByText('Signed in as')).toBeVisible();
  await expect(page.getByText('Active this week')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toHaveCount(0);
  await expect(page.getByText('Active subscribers')).toHaveCount(0);
  await page.goto('/admin/users');
  // Without billing the users page offers no subscription filter, column or action.
  await expect(page.getByLabel('Role')).toBeVisible();
  await expect(page.getByLabel('Subscription')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Grant a paid year/ })).toHaveCount(0);
  await expect(page.getByText('Trial ends')).toHaveCount(0);
});

test('an operator sends a notification and the shopper sees it in the bell and can mark it read', async ({ browser }) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await signUpViaApi(shopper, uniqueEmail('bell'), 'Bell Shopper');
  await shopper.goto('/u/dashboard');
  await expect(shopper.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  await operator.goto('/admin/notifications');
  await expect(operator.getByLabel('Audience')).toHaveValue('all');
  await expect(operator.getByLabel('Body')).toHaveAttribute('rows', '6');

  await operator.getByLabel('Subject').fill('   ');
  await operator.getByRole('button', { name: 'Send notification' }).click();
  await expect(operator.getByText('Subject and body are required').first()).toBeVisible();

  const subject = `Weekend savings ${crypto.randomBytes(3).toString('hex')}`;
  await operator.getByLabel('Subject').fill(subject);
  await operator.getByLabel('Body').fill('Fresh produce is 20% off at every store this weekend.');
  await operator.getByRole('button', { name: 'Send notification' }).click();
  await expect(operator.getByText('Notification recorded').first()).toBeVisible();
  await expect(operator.getByRole('cell', { name: subject })).toBeVisible();

  // The realtime stream refreshes the bell without a reload.
  const bell = shopper.getByRole('button', { name: /Notifications \(\d+ unread\)/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = shopper.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText(subject)).toBeVisible();
  await expect(panel.getByText('Fresh produce is 20% off at every store this weekend.')).toBeVisible();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(shopper.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await shopperContext.close();
  await operatorContext.close();
});

test('an operator finds a shopper by filters, suspends the account with a reason and reinstates it', async ({ browser }) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const email = await signUpViaApi(shopper, uniqueEmail('suspended'), 'Suspended Shopper');
  expect((await shopper.request.get('/api/me')).ok()).toBeTruthy();

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  await operator.goto('/admin/users');
  await operator.getByLabel('Search by email or name').fill(email);
  await operator.getByRole('button', { name: 'Search', exact: true }).click();
  await operator.getByLabel('Signed up').selectOption({ label: 'Last 7 days' });
  await operator.getByLabel('Role').selectOption({ label: 'Shoppers' });
  await expect(operator).toHaveURL(/role=user/);
  await operator.getByRole('link', { name: 'Suspended Shopper' }).click();
  await expect(operator.getByRole('heading', { name: 'Suspended Shopper' })).toBeVisible();

  await operator.getByRole('button', { name: 'Suspend', exact: true }).click();
  const dialog = operator.getByRole('dialog', { name: `Suspend ${email}?` });
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Posting fake deals');
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await expect(operator.getByText(/^Suspended on .*: Posting fake deals$/)).toBeVisible();
  await expect(operator.getByRole('cell', { name: 'Suspended: Posting fake deals' })).toBeVisible();
  // The shopper's open session is gone at once.
  expect((await shopper.request.get('/api/me')).status()).toBe(401);

  await operator.getByRole('button', { name: 'Reinstate' }).click();
  await expect(operator.getByText('Active', { exact: true })).toBeVisible();
  const signIn = await shopper.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();

  await shopperContext.close();
  await operatorContext.close();
});
