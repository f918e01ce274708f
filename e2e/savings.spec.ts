import { expect, test } from '@playwright/test';
import { signInAsOperator, signUpViaApi, uniqueEmail } from './support';
import { getTodayIso } from '@cartwise/contracts';

const today = getTodayIso();
// West is cheaper for muesli, East for cocoa: split across both the list costs 6.00 in items; West alone 11.00.
const PRICES = [
  'product,brand,size,category,chain,store,address,city,price,date',
  `Wombat Muesli,Wombat,1 kg,Pantry,Wombat West,Wombat West Store,1 West Rd,Testville,3.00,${today}`,
  `Wombat Muesli,Wombat,1 kg,Pantry,Wombat East,Wombat East Store,2 East Rd,Testville,7.00,${today}`,
  `Wombat Cocoa,Wombat,250 g,Beverages,Wombat West,Wombat West Store,1 West Rd,Testville,8.00,${today}`,
  `Wombat Cocoa,Wombat,250 g,Beverages,Wombat East,Wombat East Store,2 East Rd,Testville,3.00,${today}`,
].join('\n');

test('a shopper plans, shops, finishes the trip and finds its saving on the savings page', async ({ page }) => {
  await signInAsOperator(page);
  const imported = await page.request.post('/api/admin/price-book/import', { data: { kind: 'csv', content: PRICES } });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  await page.context().clearCookies();
  await signUpViaApi(page, uniqueEmail('savings'), 'Saving Shopper');
  const list = await (await page.request.post('/api/lists', { data: { name: 'Wombat run' } })).json();
  for (const name of ['Wombat Muesli', 'Wombat Cocoa']) await page.request.post(`/api/lists/${list.id}/items`, { data: { name } });

  // Plan: muesli at West, cocoa at East.
  await page.goto(`/u/lists/${list.id}/recommendations`);
  await expect(page.getByRole('region', { name: 'Buy at Wombat East Store' })).toContainText('Wombat Cocoa');
  await page.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping: Wombat run' })).toBeVisible();

  // Shop: both items go into the basket.
  await page.getByRole('checkbox', { name: 'Wombat Muesli' }).check();
  await page.getByRole('checkbox', { name: 'Wombat Cocoa' }).check();
  await expect(page.getByRole('region', { name: 'Trip total' })).toContainText('2 of 2 items ticked');
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/lists/${list.id}`)).json()).items.filter((i: { is_checked: boolean }) => i.is_checked).length,
    )
    .toBe(2);

  // Finish: the end of the trip shows spent against planned and the saving.
  await page.getByRole('button', { name: 'End trip' }).click();
  const finished = page.getByRole('region', { name: 'Trip finished' });
  await expect(finished).toContainText(/Spent\$[\d.]+ of \$[\d.]+ planned/);
  const saved = (await finished.locator('dd').nth(1).textContent())!.trim();
  expect(saved).not.toBe('$0.00');

  // The dashboard's figure opens the savings page, where this trip is listed with the same saving.
  await page.goto('/u/dashboard');
  await page.getByRole('link', { name: /^This month: .* saved, see every saving$/ }).click();
  await expect(page).toHaveURL(/\/u\/savings\?period=month$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Money saved' })).toBeVisible();
  const trips = page.getByRole('table', { name: 'Finished split-cart trips' });
  const row = trips.getByRole('row', { name: /Wombat run/ });
  await expect(row).toContainText(saved);
  await page.getByRole('tab', { name: 'This year' }).click();
  await expect(page).toHaveURL(/period=year/);
  await expect(trips.getByRole('row', { name: /Wombat run/ })).toBeVisible();
});
