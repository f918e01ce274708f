import { expect, test, type Page } from '@playwright/test';
import { signInAsOperator, signUpViaApi, uniqueEmail } from './support';
import { getTodayIso } from '@cartwise/contracts';

const today = getTodayIso();
// North wins on oats and is the only store with tea; South wins on coffee. With no trip cost the plan visits both.
const PRICES = [
  'product,brand,size,category,chain,store,address,city,price,date',
  `Quokka Rolled Oats,Quokka,1 kg,Pantry,Quokka North,Quokka North Store,1 North Rd,Testville,2.00,${today}`,
  `Quokka Rolled Oats,Quokka,1 kg,Pantry,Quokka South,Quokka South Store,2 South Rd,Testville,6.00,${today}`,
  `Quokka Dark Coffee,Quokka,12 oz,Beverages,Quokka North,Quokka North Store,1 North Rd,Testville,12.00,${today}`,
  `Quokka Dark Coffee,Quokka,12 oz,Beverages,Quokka South,Quokka South Store,2 South Rd,Testville,7.00,${today}`,
  `Quokka Green Tea,Quokka,20 bags,Beverages,Quokka North,Quokka North Store,1 North Rd,Testville,3.00,${today}`,
].join('\n');

const ITEMS = ['Quokka Rolled Oats', 'Quokka Dark Coffee', 'Quokka Green Tea'];

async function createPlannedList(page: Page): Promise<string> {
  await signInAsOperator(page);
  const imported = await page.request.post('/api/admin/price-book/import', { data: { kind: 'csv', content: PRICES } });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  await page.context().clearCookies();
  await signUpViaApi(page, uniqueEmail('shopmode'), 'Aisle Shopper');
  const list = await (await page.request.post('/api/lists', { data: { name: 'Quokka run' } })).json();
  for (const name of ITEMS) await page.request.post(`/api/lists/${list.id}/items`, { data: { name } });
  return list.id as string;
}

const total = (page: Page) => page.getByRole('region', { name: 'Trip total' });

test('a shopper walks a plan in shop mode: ticks add up, "not here" moves an item on, and it all survives an offline reload', async ({
  page,
  context,
}) => {
  const listId = await createPlannedList(page);
  await page.goto(`/u/lists/${listId}/recommendations`);
  await expect(page.getByRole('region', { name: 'Buy at Quokka South Store' })).toContainText('Quokka Dark Coffee');
  await page.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page).toHaveURL(new RegExp(`/u/lists/${listId}/shop$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping: Quokka run' })).toBeVisible();
  // The aisle is no place for the app's tabs: shop mode has the screen to itself.
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toHaveCount(0);
  await expect(total(page)).toContainText('All changes saved');

  const north = page.getByRole('region', { name: 'Shop at Quokka North Store' });
  const south = page.getByRole('region', { name: 'Shop at Quokka South Store' });
  // Within a store, aisle order: pantry before beverages.
  expect(await north.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')))).toEqual([
    'Quokka Rolled Oats',
    'Quokka Green Tea',
  ]);
  await expect(south.getByRole('checkbox', { name: 'Quokka Dark Coffee' })).toBeVisible();
  await expect(total(page)).toContainText('In the basket $0.00 of $12.00 planned');

  // The tick target is the whole row, big enough for a thumb.
  const oatsRow = north.locator('label', { has: page.getByRole('checkbox', { name: 'Quokka Rolled Oats' }) });
  expect((await oatsRow.boundingBox())!.height).toBeGreaterThanOrEqual(56);
  await page.getByRole('checkbox', { name: 'Quokka Rolled Oats' }).check();
  await expect(total(page)).toContainText('In the basket $2.00 of $12.00 planned');
  await expect(total(page)).toContainText('1 of 3 items ticked');

  // South has no coffee today: it moves to North at North's price, and the expected total follows.
  await south.getByRole('button', { name: 'Not here: Quokka Dark Coffee' }).click();
  await expect(south.getByRole('checkbox', { name: 'Quokka Dark Coffee' })).toBeHidden();
  await expect(north.getByRole('checkbox', { name: 'Quokka Dark Coffee' })).toBeVisible();
  await expect(north).toContainText('Moved from Quokka South Store');
  await expect(total(page)).toContainText('now expected $17.00');
  await page.getByRole('checkbox', { name: 'Quokka Dark Coffee' }).check();
  await expect(total(page)).toContainText('In the basket $14.00 of $12.00 planned');

  // No other planned store has tea: it is marked missing.
  await north.getByRole('button', { name: 'Not here: Quokka Green Tea' }).click();
  const missing = page.getByRole('region', { name: 'Missing' });
  await expect(missing).toContainText('Quokka Green Tea');
  await expect(total(page)).toContainText('now expected $14.00');

  // Offline: the worker serves the page and the list, the trip (moves included) comes back from the device.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('checkbox', { name: 'Quokka Dark Coffee' })).toBeChecked();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(total(page)).toContainText('In the basket $14.00 of $12.00 planned');
  await expect(missing).toContainText('Quokka Green Tea');
  await missing.getByRole('button', { name: 'Put back: Quokka Green Tea' }).click();
  await page.getByRole('checkbox', { name: 'Quokka Green Tea' }).check();
  await expect(total(page)).toContainText('In the basket $17.00 of $12.00 planned');
  await expect(page.getByText('1 change waiting to sync.')).toBeVisible();

  await context.setOffline(false);
  await expect
    .poll(async () =>
      (await (await page.request.get(`/api/lists/${listId}`)).json()).items
        .filter((item: { is_checked: boolean }) => item.is_checked)
        .map((item: { name: string }) => item.name)
        .sort(),
    )
    .toEqual([...ITEMS].sort());

  // Ending the trip finishes the plan the server recorded at "Start shopping": only now is a saving counted.
  await page.getByRole('button', { name: 'End trip' }).click();
  await expect(page).toHaveURL(new RegExp(`/u/lists/${listId}$`));
  const finished = page.getByRole('region', { name: 'Trip finished' });
  await expect(finished).toContainText(/Spent\$[\d.]+ of \$[\d.]+ planned/);
  await expect(finished.getByRole('link', { name: 'Add the receipt' })).toHaveAttribute('href', '/u/receipts/upload');
  await finished.getByRole('button', { name: 'Clear ticked (3)' }).click();
  await expect(page.getByText('This list is empty')).toBeVisible();
});

test('shop mode opens from the list with a fresh plan when no trip was started', async ({ page }) => {
  const listId = await createPlannedList(page);
  await page.goto(`/u/lists/${listId}`);
  await page.getByRole('link', { name: 'Shop mode' }).click();
  await expect(page).toHaveURL(new RegExp(`/u/lists/${listId}/shop$`));
  await expect(page.getByRole('region', { name: 'Shop at Quokka South Store' })).toContainText('Quokka Dark Coffee');
  // Something remembered mid-trip goes on the list.
  const adding = page.getByRole('form', { name: 'Add to this trip' });
  await adding.getByRole('textbox', { name: 'Add an item' }).fill('Quokka Honey');
  await adding.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('region', { name: 'Also on your list' })).toContainText('Quokka Honey');
  await page.getByRole('button', { name: 'End trip' }).click();
  await expect(page).toHaveURL(new RegExp(`/u/lists/${listId}$`));
});
