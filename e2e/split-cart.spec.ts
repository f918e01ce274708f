import { expect, test } from '@playwright/test';
import { signInAsOperator, signUpViaApi, uniqueEmail } from './support';
import { getTodayIso } from '@cartwise/contracts';

const today = getTodayIso();
// Two stores that each win on one item: with a 1.00 trip cost the best plan visits both.
const PRICES = [
  'product,brand,size,category,chain,store,address,city,price,date',
  `Zephyr Rolled Oats,Zephyr,1 kg,Pantry,Zephyr North,Zephyr North Store,1 North Rd,Testville,2.00,${today}`,
  `Zephyr Rolled Oats,Zephyr,1 kg,Pantry,Zephyr South,Zephyr South Store,2 South Rd,Testville,6.00,${today}`,
  `Zephyr Dark Coffee,Zephyr,12 oz,Pantry,Zephyr North,Zephyr North Store,1 North Rd,Testville,12.00,${today}`,
  `Zephyr Dark Coffee,Zephyr,12 oz,Pantry,Zephyr South,Zephyr South Store,2 South Rd,Testville,7.00,${today}`,
].join('\n');

test('a shopper builds a list and sees a two-store plan with its savings', async ({ page }) => {
  await signInAsOperator(page);
  const imported = await page.request.post('/api/admin/price-book/import', { data: { kind: 'csv', content: PRICES } });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  await page.context().clearCookies();

  await signUpViaApi(page, uniqueEmail('splitcart'), 'Split Shopper');
  await page.goto('/u/lists/create');
  await page.getByLabel('List name').fill('Zephyr run');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page).toHaveURL(/\/u\/lists\/[0-9a-f-]{36}$/);
  const quickAdd = page.getByRole('combobox', { name: 'Add an item' });
  for (const name of ['Zephyr Rolled Oats', 'Zephyr Dark Coffee']) {
    await quickAdd.fill(name);
    await quickAdd.press('Enter');
    await expect(page.getByRole('checkbox', { name })).toBeVisible();
  }

  await page.getByRole('link', { name: /where to buy/i }).click();
  await expect(page).toHaveURL(/\/recommendations$/);
  await expect(page.getByRole('heading', { name: 'Where to buy: Zephyr run' })).toBeVisible();
  const settings = page.getByText('Stores, trip cost and store limit');
  if (!(await page.getByLabel('Trip cost per store visit').isVisible())) await settings.click();
  await page.getByLabel('Trip cost per store visit').fill('1.00');

  const north = page.getByRole('region', { name: 'Buy at Zephyr North Store' });
  const south = page.getByRole('region', { name: 'Buy at Zephyr South Store' });
  await expect(north).toContainText('Zephyr Rolled Oats');
  await expect(south).toContainText('Zephyr Dark Coffee');
  // 2.00 + 7.00 + two trips = 11.00; the best single store (South) costs 6.00 + 7.00 + 1.00 = 14.00.
  await expect(page.getByText('$11.00').first()).toBeVisible();
  await expect(page.getByText(/You save \$3\.00 against the best single store/)).toBeVisible();

  // A one-store limit recomputes at once and keeps the cheaper single store.
  await page.getByLabel('Maximum number of stores').selectOption('1');
  await expect(north).toBeHidden();
  await expect(south).toContainText('Zephyr Rolled Oats');
  await expect(page.getByText('$14.00').first()).toBeVisible();
});
