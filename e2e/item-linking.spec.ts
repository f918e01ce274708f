import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support';

const TYPED = ['milk', 'eggs', 'bananas', 'bread', 'butter', 'cheese', 'chicken', 'apples'];

test('a shopper types everyday items on the demo and sees every one priced', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('typed'), 'Typing Shopper');
  await page.goto('/u/lists/create');
  await page.getByLabel('List name').fill('Typed shop');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page).toHaveURL(/\/u\/lists\/[0-9a-f-]{36}$/);

  const quickAdd = page.getByRole('combobox', { name: 'Add an item' });
  for (const name of TYPED) {
    await quickAdd.fill(name);
    await quickAdd.press('Enter');
    await expect(page.getByRole('checkbox', { name })).toBeVisible();
  }
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByText('≈ Whole Milk')).toBeVisible();
  await expect(items.getByText('≈ Large Eggs')).toBeVisible();
  await expect(items.getByRole('button', { name: /^Link / })).toHaveCount(0);

  // Undo keeps the typed name and offers Link, which searches from that name.
  await items.getByRole('button', { name: 'Undo link: eggs is not Large Eggs' }).click();
  await expect(items.getByText('≈ Large Eggs')).toBeHidden();
  await items.getByRole('button', { name: 'Link eggs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link eggs' });
  await dialog.getByRole('option', { name: /Large Eggs/ }).click();
  await expect(items.getByText('≈ Large Eggs')).toBeVisible();

  await page.getByRole('link', { name: /where to buy/i }).click();
  await expect(page).toHaveURL(/\/recommendations$/);
  await expect(page.getByText('Best plan')).toBeVisible();
  const stops = page.getByRole('region', { name: /^Buy at / });
  for (const name of TYPED) await expect(stops.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByText('No known price')).toBeHidden();
});
