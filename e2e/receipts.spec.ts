import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support';
import { getTodayIso } from '@cartwise/contracts';

const RECEIPT_PNG = path.join(import.meta.dirname, 'fixtures', 'receipt-fresh-mart.png');

test.describe('receipts', () => {
  test('a shopper uploads a receipt photo, reviews what was read and saves a receipt with the right total', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/u/receipts/upload');
    await expect(page.getByRole('heading', { name: 'Upload receipt' })).toBeVisible();
    // The camera input opens the phone camera directly; the file chooser takes photos and PDFs.
    await expect(page.getByLabel('Take a photo')).toHaveAttribute('capture', 'environment');
    await page.getByLabel('Choose photos or PDF').setInputFiles(RECEIPT_PNG);

    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect(uploads.getByText('receipt-fresh-mart.png')).toBeVisible();
    await expect(uploads.getByText('Ready to review')).toBeVisible({ timeout: 60_000 });
    await uploads.getByRole('button', { name: /^Review/ }).click();

    await expect(page.getByRole('img', { name: /Uploaded receipt/ })).toBeVisible();
    await expect(page.getByLabel('Store', { exact: true })).toHaveValue(/fresh mart/i);
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2026-10-14');
    await expect(page.getByLabel('Total', { exact: true })).toHaveValue('8.39');
    await expect(page.getByText('Items, discounts and tax add up to the total ($8.39).')).toBeVisible();
    // Fix a name the way a shopper would before saving.
    await page.getByLabel('Name of item 3').fill('WHITE BREAD LOAF');
    await page.getByRole('button', { name: 'Save receipt' }).click();

    await expect(page).toHaveURL(/\/u\/receipts\/[0-9a-f-]{36}$/);
    const card = page.locator('.receipt-card');
    await expect(card.getByRole('heading', { name: /fresh mart/i })).toBeVisible();
    await expect(card.getByText('BANANAS x 1')).toBeVisible();
    await expect(card.getByText('WHITE BREAD LOAF x 1')).toBeVisible();
    await expect(card.locator('.receipt-card-total')).toHaveText(/Total\s*\$8\.39/);
    await expect(page.getByRole('img', { name: /Receipt from/i })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Receipts' }).click();
    await expect(page.getByRole('link', { name: /fresh mart/i })).toBeVisible();
    await expect(page.getByText('$8.39').first()).toBeVisible();
  });

  test('a shopper enters a receipt by hand, finds it by an item name and deletes it', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/u/receipts/upload');
    await page.getByRole('button', { name: 'Enter by hand' }).click();
    await page.getByLabel('Store', { exact: true }).fill('Corner Grocer');
    await page.getByLabel('Date', { exact: true }).fill('2026-11-02');
    await page.getByLabel('Name of item 1').fill('Avocados');
    await page.getByLabel('Qty of item 1').fill('3');
    await page.getByLabel('Price of item 1').fill('4.50');
    await page.getByLabel('Total', { exact: true }).fill('4.50');
    await expect(page.getByText('Items, discounts and tax add up to the total ($4.50).')).toBeVisible();
    await page.getByRole('button', { name: 'Save receipt' }).click();
    await expect(page.getByText('Avocados x 3')).toBeVisible();

    await page.goto('/u/receipts');
    await page.getByLabel('Search').fill('avocado');
    await expect(page.getByRole('link', { name: /Corner Grocer/ })).toBeVisible();
    await page.getByLabel('Search').fill('pineapple');
    await expect(page.getByText('No receipts match')).toBeVisible();
    await page.getByLabel('Search').fill('');
    await page.getByRole('link', { name: /Corner Grocer/ }).click();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete receipt' }).click();
    await expect(page).toHaveURL(/\/u\/receipts$/);
    await expect(page.getByText('No receipts yet')).toBeVisible();
  });

  test('an unknown receipt shows that there is no data', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/u/receipts/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('No receipt data available')).toBeVisible();
  });
});

test('a shopper relinks a receipt line with the keyboard in the product picker', async ({ page }) => {
  await signUpViaApi(page);
  const today = getTodayIso();
  const created = await page.request.post('/api/receipts', {
    data: { storeName: 'Corner Grocer', date: today, items: [{ name: 'WHOLE MILK 1 GAL', quantity: 1, price: 3.49 }], total: 3.49 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  // The seed has one milk; a second makes the keyboard's move to the next match visible whatever ran before.
  const oatMilk = await page.request.post('/api/products', { data: { name: `Oat Milk ${Date.now()}` } });
  expect(oatMilk.ok(), await oatMilk.text()).toBeTruthy();
  await page.goto(`/u/receipts/${id}`);
  await page.getByRole('button', { name: /^(Wrong product\?|Link a product) for WHOLE MILK 1 GAL$/ }).click();

  // The picker is a combobox: it searches as you type, arrow keys move through the matches, Enter links one.
  const find = page.getByRole('combobox', { name: 'Find a product' });
  await expect(find).toBeFocused();
  await find.fill('milk');
  const matches = page.getByRole('listbox', { name: 'Matching products' });
  await expect(matches.getByRole('option').first()).toBeVisible();
  const second = matches.getByRole('option').nth(1);
  const secondName = (await second.locator('span').first().textContent())!;
  await find.press('ArrowDown');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await find.press('Enter');
  await expect(find).toBeHidden();
  await expect(page.getByRole('link', { name: `${secondName}: price history` })).toBeVisible();
});
