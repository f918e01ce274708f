import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { SampleIds } from './page-catalogue';
import { PASSWORD, uniqueEmail } from './support';

/**
 * States of a page that a plain visit never shows: open dialogs, failed submits, a receipt while it is being read,
 * the two-factor step, a page whose code failed to load. Each `show` leaves the page in its state, ready to be
 * checked or photographed. Shopper states run on the sample data (createSampleData), operator states as the operator.
 */
/** Options for tests that show these states. */
export const STATE_TEST_OPTIONS = { serviceWorkers: 'block' } as const;

export interface PageState {
  name: string;
  audience: 'public' | 'shopper' | 'operator';
  show: (page: Page, ids: SampleIds) => Promise<void>;
}

/** An RFC 6238 code (30 s, 6 digits, SHA-1) for a base32 secret, as an authenticator app shows it. */
function generateTotp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

// One account serves every visit: turning two-factor on is rate limited.
let twoFactorEmail: string | null = null;

async function createTwoFactorAccount(page: Page): Promise<string> {
  const email = uniqueEmail('two-factor');
  const signUp = await page.request.post('/api/signup', { data: { email, password: PASSWORD, name: 'Two Factor' } });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  const enable = await page.request.post('/api/auth/two-factor/enable', { data: { password: PASSWORD } });
  expect(enable.ok(), await enable.text()).toBeTruthy();
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const verify = await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: generateTotp(secret) } });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  return email;
}

/** An account with an authenticator app turned on, signed in up to the code step through the real login form. */
async function reachTwoFactorStep(page: Page): Promise<void> {
  await page.context().clearCookies();
  twoFactorEmail ??= await createTwoFactorAccount(page);
  const email = twoFactorEmail;
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
}

/**
 * A page whose code cannot be fetched (a deploy replaced it, the signal dropped): the route's error screen. Runs
 * with service workers blocked (`STATE_TEST_OPTIONS`), or the offline worker answers from its precache.
 */
async function showCrashedRoute(page: Page, path: string, chunk: string): Promise<void> {
  await page.route(`**/assets/${chunk}-*.js`, (route) => route.abort());
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await page.unroute(`**/assets/${chunk}-*.js`);
}

async function openListItem(page: Page, ids: SampleIds): Promise<void> {
  await page.goto(`/u/lists/${ids.listId}`);
  await page.getByRole('button', { name: 'Edit Bananas' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit item' })).toBeVisible();
}

export const PAGE_STATES: PageState[] = [
  {
    name: 'signup-errors',
    audience: 'public',
    show: async (page) => {
      await page.goto('/signup');
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    },
  },
  { name: 'two-factor', audience: 'public', show: reachTwoFactorStep },
  {
    name: 'two-factor-wrong-code',
    audience: 'public',
    show: async (page) => {
      await reachTwoFactorStep(page);
      await page.getByLabel('Authentication code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  { name: 'crashed-page', audience: 'public', show: (page) => showCrashedRoute(page, '/forgot-password', 'forgot-password-page') },
  { name: 'crashed-app-page', audience: 'shopper', show: (page) => showCrashedRoute(page, '/u/pantry', 'pantry-page') },
  { name: 'list-item-dialog', audience: 'shopper', show: openListItem },
  {
    name: 'list-item-dialog-errors',
    audience: 'shopper',
    show: async (page, ids) => {
      await openListItem(page, ids);
      const dialog = page.getByRole('dialog', { name: 'Edit item' });
      await dialog.getByLabel('Name').fill('');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    },
  },
  {
    name: 'receipt-delete-confirm',
    audience: 'shopper',
    show: async (page, ids) => {
      await page.goto(`/u/receipts/${ids.receiptId}`);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Delete this receipt?' })).toBeVisible();
    },
  },
  {
    name: 'receipt-form-errors',
    audience: 'shopper',
    show: async (page) => {
      await page.goto('/u/receipts/upload');
      await page.getByRole('button', { name: 'Enter by hand' }).click();
      await page.getByRole('button', { name: 'Save receipt' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    // Reading takes a second or two on this machine: the job list is answered as it is mid-read.
    name: 'receipt-being-read',
    audience: 'shopper',
    show: async (page) => {
      const now = new Date().toISOString();
      const job = { error: null, hasImage: true, attempts: 1, receiptId: null, draft: null, isManualEntry: false, kind: 'image' };
      const times = { createdAt: now, updatedAt: now };
      await page.route('**/api/receipt-jobs', (route) =>
        route.fulfill({
          json: {
            jobs: [
              { ...job, id: crypto.randomUUID(), status: 'queued', progress: 0, fileName: 'IMG_2041.jpg', ...times },
              { ...job, id: crypto.randomUUID(), status: 'reading', progress: 0.42, fileName: 'receipt-corner-grocer.jpg', ...times },
            ],
          },
        }),
      );
      await page.goto('/u/receipts/upload');
      await expect(page.getByRole('list', { name: 'Uploads' }).getByText('receipt-corner-grocer.jpg')).toBeVisible();
    },
  },
  {
    name: 'new-product-errors',
    audience: 'shopper',
    show: async (page) => {
      await page.goto('/u/products/new?barcode=0123456789012');
      await page.getByRole('button', { name: 'Add product' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'reject-deal-dialog',
    audience: 'operator',
    show: async (page) => {
      const title = `Shelf-tag oats ${crypto.randomBytes(3).toString('hex')}`;
      const created = await page.request.post('/api/deals', {
        data: { title, description: 'Two for one on the top shelf', price: 2.49, storeName: 'Corner Grocer' },
      });
      expect(created.ok(), await created.text()).toBeTruthy();
      await page.goto('/admin/moderation');
      // Any pending deal will do: earlier runs may have pushed this one off the first page.
      await page
        .getByRole('button', { name: /^Reject (?!selected$)/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Reject deal' })).toBeVisible();
    },
  },
  {
    name: 'suspend-account-dialog',
    audience: 'operator',
    show: async (page) => {
      // The demo shopper's account page, with the suspension dialog open (nothing is submitted).
      const found = await page.request.get('/api/admin/users?q=shopper%40cartwise.demo');
      const id = ((await found.json()) as { items: { id: string }[] }).items[0]?.id;
      expect(id).toBeTruthy();
      await page.goto(`/admin/users/${id}`);
      await page.getByRole('button', { name: 'Suspend', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Suspend shopper@cartwise.demo?' })).toBeVisible();
    },
  },
];
