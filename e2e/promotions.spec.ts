import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support';

// The demo seed runs FreshMart Downtown's "Any 2 La Casa chips or salsa for $5.00" (server/src/seed/promotions.ts).
const PROMOTION = 'Any 2 La Casa chips or salsa for $5.00';

test('a shopper types party snacks, the plan takes a multi-buy for them, and shop mode shows it on each item', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('multibuy'), 'Party Shopper');
  await page.goto('/u/lists/create');
  await page.getByLabel('List name').fill('Game night');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page).toHaveURL(/\/u\/lists\/[0-9a-f-]{36}$/);

  const quickAdd = page.getByRole('combobox', { name: 'Add an item' });
  for (const name of ['tortilla chips', 'salsa']) {
    await quickAdd.fill(name);
    await quickAdd.press('Enter');
    await expect(page.getByRole('checkbox', { name })).toBeVisible();
  }
  const items = page.getByRole('list', { name: 'Items' });
  // "tortilla chips" is the product's own name, so only salsa shows what it was linked to.
  await expect(items.getByText('≈ Medium Salsa')).toBeVisible();

  await page.getByRole('link', { name: /where to buy/i }).click();
  await expect(page).toHaveURL(/\/recommendations$/);
  // One chips and one salsa make a group of 2: both lines take the promotion, and the store says what it saved.
  const stop = page.getByRole('region', { name: 'Buy at FreshMart Downtown' });
  for (const name of ['tortilla chips', 'salsa']) {
    const line = stop.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(line).toContainText(PROMOTION);
  }
  await expect(stop).toContainText(/Promotions saved \$\d+\.\d\d here/);
  await expect(stop).toContainText('$5.00');
  await expect(page.getByText(/^Promotions take \$\d+\.\d\d off shelf prices$/)).toBeVisible();

  await page.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const shopStop = page.getByRole('region', { name: 'Shop at FreshMart Downtown' });
  for (const name of ['tortilla chips', 'salsa']) {
    const row = shopStop.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name }) });
    await expect(row).toContainText(`Promotion ${PROMOTION}`);
  }
  await expect(page.getByRole('region', { name: 'Trip total' })).toContainText('of $5.00 planned');
});
