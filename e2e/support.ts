import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const OPERATOR_EMAIL = 'operator-e2e@cartwise.test';
export const PASSWORD = 'e2e-password-123';

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}@cartwise.test`;
}

/** Creates an account through the API (the page's cookies then carry its session). */
export async function signUpViaApi(page: Page, email = uniqueEmail(), name = 'E2E Shopper'): Promise<string> {
  const res = await page.request.post('/api/signup', { data: { email, password: PASSWORD, name } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return email;
}

/** Signs in through the real login form. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).first().fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/(u|admin|onboarding)\//);
}

/** The operator account: ADMIN_EMAIL makes it an admin when it signs up (created once per server). */
export async function signInAsOperator(page: Page): Promise<void> {
  const res = await page.request.post('/api/signup', { data: { email: OPERATOR_EMAIL, password: PASSWORD, name: 'E2E Operator' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  // Sign-up answers an existing address like a new one but signs in only a newcomer.
  const session = await page.request.get('/api/me');
  if (!session.ok()) {
    const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: OPERATOR_EMAIL, password: PASSWORD } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
  }
}
