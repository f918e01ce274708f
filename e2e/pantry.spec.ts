import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support';

test('an anonymous visitor who opens /u/pantry is sent to /login', async ({ page }) => {
  await page.goto('/u/pantry');
  await expect(page).toHaveURL(/\/login$/);
});

test('a shopper adds, edits and removes pantry items and sees the Total Qty', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('pantry'), 'Pantry Keeper');
  await page.goto('/u/pantry');
  await expect(page.getByText('Your pantry is empty')).toBeVisible();

  await page.getByRole('button', { name: 'Add item' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add pantry item' });
  await dialog.getByLabel('Name').fill('Rice');
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Unit').fill('kg');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();

  const soon = new Date(Date.now() + 86_400_000);
  const soonText = `${soon.getFullYear()}-${String(soon.getMonth() + 1).padStart(2, '0')}-${String(soon.getDate()).padStart(2, '0')}`;
  await page.getByRole('button', { name: 'Add item' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add pantry item' });
  await dialog.getByLabel('Name').fill('Yogurt');
  await dialog.getByLabel('Quantity').fill('1.5');
  await dialog.getByLabel('Unit').fill('l');
  await dialog.getByLabel('Expiry date').fill(soonText);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();

  const items = page.getByRole('region', { name: 'Pantry items' }).getByRole('listitem');
  // Sorted by expiry: the dated, soon-expiring yogurt comes first and is flagged.
  await expect(items.first()).toContainText('Yogurt');
  await expect(items.first()).toContainText('1.5 l');
  await expect(items.first()).toContainText('Expires tomorrow');
  await expect(items.nth(1)).toContainText('2 kg');
  const total = page.getByRole('paragraph').filter({ hasText: 'Total Qty' });
  await expect(total).toHaveText(/^Total Qty\s*3\.5$/);

  await page.getByRole('button', { name: 'Edit Rice' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit pantry item' });
  await dialog.getByLabel('Quantity').fill('4');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(total).toHaveText(/^Total Qty\s*5\.5$/);

  await page.getByRole('button', { name: 'Edit Yogurt' }).click();
  await page.getByRole('dialog', { name: 'Edit pantry item' }).getByRole('button', { name: 'Remove item' }).click();
  await expect(page.getByRole('button', { name: 'Edit Yogurt' })).toHaveCount(0);
  await expect(total).toHaveText(/^Total Qty\s*4$/);
});
