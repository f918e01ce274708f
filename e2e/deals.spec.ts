import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signInAsOperator, signInWithForm, signUpViaApi, uniqueEmail } from './support';
import { getTodayIso } from '@cartwise/contracts';

/** Gives the shopper a recent purchase of `itemName` (through the receipts API; the pantry also counts for matching). */
async function recordPurchase(page: Page, itemName: string): Promise<'receipt' | 'pantry'> {
  const today = getTodayIso();
  const receipt = await page.request.post('/api/receipts', {
    data: { storeName: 'Corner Shop', date: today, items: [{ name: itemName, quantity: 1, price: 6.49 }], total: 6.49 },
  });
  if (receipt.ok()) return 'receipt';
  test.info().annotations.push({ type: 'note', description: `POST /api/receipts answered ${receipt.status()}; seeded the pantry instead` });
  const pantry = await page.request.post('/api/pantry', { data: { name: itemName, qty: 1, unit: 'jar' } });
  expect(pantry.ok(), await pantry.text()).toBeTruthy();
  return 'pantry';
}

test('a shopper submits a deal, an operator approves it, and a shopper who bought that product is alerted', async ({ browser }) => {
  const tag = `zest${crypto.randomBytes(3).toString('hex')}`;
  const title = `${tag} almond butter 340g`;

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUpViaApi(buyer, uniqueEmail('buyer'), 'Buying Shopper');
  const source = await recordPurchase(buyer, `${tag.toUpperCase()} ALMOND BUTTER`);

  // The submitter fills in the Submit Deal dialog.
  const submitterContext = await browser.newContext();
  const submitter = await submitterContext.newPage();
  await signUpViaApi(submitter, uniqueEmail('submitter'), 'Deal Spotter');
  await submitter.goto('/u/deals');
  await expect(submitter.getByPlaceholder('Search deals by product or store...')).toBeVisible();
  await submitter.getByRole('button', { name: 'Submit Deal' }).first().click();
  const dialog = submitter.getByRole('dialog', { name: 'Submit Deal' });
  await expect(dialog.getByLabel('Price', { exact: true })).toHaveAttribute('step', '0.01');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Yellow shelf tag by the bakery');
  await dialog.getByLabel('Price', { exact: true }).fill('4.49');
  await dialog.getByLabel('Original price (optional)').fill('6.49');
  // The store is a searchable select: type to narrow the list, then pick.
  await dialog.getByRole('button', { name: /^Store/ }).click();
  await dialog.getByRole('combobox', { name: 'Search store' }).fill('other');
  await dialog.getByRole('option', { name: 'Other store (type its name)' }).click();
  await dialog.getByLabel('Store name').fill(`Corner Shop ${tag}`);
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(dialog).toBeHidden();
  const mine = submitter.getByRole('region', { name: 'My submissions' });
  await expect(mine.getByText(title)).toBeVisible();
  await expect(mine.getByText('Pending review')).toBeVisible();

  // Not listed to anyone until approved.
  await buyer.goto(`/u/deals`);
  await buyer.getByPlaceholder('Search deals by product or store...').fill(tag);
  await expect(buyer.getByText('No deals found')).toBeVisible();
  await expect(buyer.getByText('Try a different search term')).toBeVisible();

  // The operator approves it from the moderation queue.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  await operator.goto('/admin/moderation');
  await expect(operator.getByRole('heading', { name: 'Moderation' })).toBeVisible();
  await operator.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(operator.getByText(`Approved ${title}`).first()).toBeVisible();
  await expect(operator.getByRole('button', { name: `Approve ${title}` })).toHaveCount(0);

  // The buyer gets an in-app alert and sees the deal under "For you".
  await buyer.goto('/u/deals');
  const forYou = buyer.getByRole('region', { name: 'For you' });
  await expect(forYou.getByRole('link', { name: title })).toBeVisible();
  // Earlier runs' almond-butter deals may match too (titles match fuzzily), so read this deal's own card.
  const card = forYou.getByRole('listitem').filter({ has: buyer.getByRole('link', { name: title }) });
  await expect(card.getByText(source === 'receipt' ? /You bought/ : /In your pantry/)).toBeVisible();
  await expect(card.getByText('$4.49')).toBeVisible();
  await expect(card.getByText('$6.49')).toBeVisible();
  await expect(card.getByText('31% off')).toBeVisible();
  const bell = buyer.getByRole('button', { name: /Notifications \(\d+ unread\)/ });
  await bell.click();
  await expect(buyer.getByRole('dialog', { name: 'Notifications' }).getByText(`Deal: ${title}`)).toBeVisible();

  // The deal is now listed for everyone, grouped by its store chain, with its detail page.
  await buyer.getByPlaceholder('Search deals by product or store...').fill(tag);
  const group = buyer.getByRole('region', { name: 'Unknown' });
  await expect(group.getByText('1 active deal', { exact: true })).toBeVisible();
  await group.getByRole('link', { name: title }).click();
  await expect(buyer).toHaveURL(/\/u\/deals\/[0-9a-f-]{36}$/);
  await expect(buyer.getByRole('heading', { name: title })).toBeVisible();

  await buyerContext.close();
  await submitterContext.close();
  await operatorContext.close();
});

test('the Submit Deal dialog explains what is wrong and a rejected submission shows its reason', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpViaApi(page, uniqueEmail('rejected'), 'Hopeful Spotter');
  await page.goto('/u/deals');
  await page.getByRole('button', { name: 'Submit Deal' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Submit Deal' });
  const title = `Too good ${crypto.randomBytes(3).toString('hex')}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Sale price above the original by mistake');
  await dialog.getByLabel('Price', { exact: true }).fill('5');
  await dialog.getByLabel('Original price (optional)').fill('4');
  const store = dialog.getByRole('button', { name: /^Store/ });
  // Until the stores arrive, the only option is "Other store", whose required name field would block the submit.
  await expect(store).toHaveAccessibleName('Store Choose a store');
  // Escape closes the open list (not the dialog) and gives focus back to the button.
  await store.press('ArrowDown');
  await expect(dialog.getByRole('combobox', { name: 'Search store' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('combobox', { name: 'Search store' })).toBeHidden();
  await expect(store).toBeFocused();
  await store.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(store).not.toHaveAccessibleName('Store Choose a store');
  await expect(store).toBeFocused();
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(dialog.getByText('Sale price must not be above the original price').first()).toBeVisible();
  await dialog.getByLabel('Original price (optional)').fill('');
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(dialog).toBeHidden();

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  await operator.goto('/admin/moderation');
  await operator.getByRole('button', { name: `Reject ${title}` }).click();
  const reject = operator.getByRole('dialog', { name: 'Reject deal' });
  await reject.getByLabel('Reason').fill('No photo of the shelf tag');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject).toBeHidden();

  await page.reload();
  const mine = page.getByRole('region', { name: 'My submissions' });
  await expect(mine.getByText('Rejected')).toBeVisible();
  await expect(mine.getByText('Reason: No photo of the shelf tag')).toBeVisible();
  await context.close();
  await operatorContext.close();
});

test('the demo shopper sees every approved deal in its chain group, For you deals included, and an Unknown group', async ({ page }) => {
  await signInWithForm(page, 'shopper@cartwise.demo', 'cartwise-demo');
  await page.goto('/u/deals');
  const forYou = page.getByRole('region', { name: 'For you' });
  await expect(forYou.getByRole('link', { name: 'Whole Milk, 1 gal' })).toBeVisible();

  // The highlight does not take a deal out of its chain's group: it is listed there too, with a badge.
  const freshMart = page.getByRole('region', { name: 'FreshMart', exact: true });
  await expect(freshMart.getByRole('heading', { name: 'FreshMart', level: 2 })).toBeVisible();
  await expect(freshMart.getByText(/^\d+ active deals?$/)).toBeVisible();
  const milk = freshMart.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Whole Milk, 1 gal' }) });
  await expect(milk.getByText('For you', { exact: true })).toBeVisible();
  for (const chain of ['ValueGrocer', 'GreenLeaf Market', 'Corner Co-op']) {
    await expect(page.getByRole('region', { name: chain, exact: true }).getByRole('heading', { name: chain, level: 2 })).toBeVisible();
  }
  const unknown = page.getByRole('region', { name: 'Unknown', exact: true });
  await expect(unknown.getByRole('link', { name: 'Olympus Plain Greek Yogurt, 32 oz' })).toBeVisible();
  await expect(unknown.getByText(/^\d+ active deals?$/)).toBeVisible();
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.at(-1)).toBe('Unknown');

  // A search narrows the highlight and the groups alike.
  await page.getByPlaceholder('Search deals by product or store...').fill('yogurt');
  await expect(freshMart).toHaveCount(0);
  await expect(forYou.getByRole('link', { name: 'Whole Milk, 1 gal' })).toHaveCount(0);
  await expect(unknown.getByText('1 active deal', { exact: true })).toBeVisible();
});
