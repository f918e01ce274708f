import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support';

test('a shopper creates a list, adds items with Enter and checks one off', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('lists'), 'List Maker');
  await page.goto('/u/lists');
  await page.getByRole('link', { name: 'Create your first list' }).click();
  await expect(page).toHaveURL(/\/u\/lists\/create$/);
  await expect(page.getByRole('link', { name: /Back to Lists/ })).toHaveAttribute('href', '/u/lists');

  // Spec section 5: the name must be non-blank and the button is disabled while it is blank.
  const create = page.getByRole('button', { name: 'Create list' });
  await expect(create).toBeDisabled();
  await page.getByLabel('List name').fill('   ');
  await expect(create).toBeDisabled();
  await page.getByLabel('List name').fill('Weekend groceries');
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(/\/u\/lists\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend groceries' })).toBeVisible();
  const quickAdd = page.getByRole('combobox', { name: 'Add an item' });
  await quickAdd.fill('Milk');
  await quickAdd.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Milk' })).toBeVisible();
  await expect(quickAdd).toHaveValue('');
  await expect(quickAdd).toBeFocused();
  await quickAdd.fill('Eggs');
  await quickAdd.press('Enter');
  await quickAdd.fill('Bread');
  await quickAdd.press('Enter');
  // Named first, so a lost add says which one.
  await expect(page.getByRole('checkbox', { name: 'Eggs' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Bread' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(3);

  // A note added through the edit dialog shows under the item's name.
  await page.getByRole('button', { name: 'Edit Bread' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit item' });
  await dialog.getByLabel('Note').fill('Sourdough');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Bread' })).toContainText('Sourdough');

  // The tick shows at once; the reload waits for the server to have saved it.
  const tickSaved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && /\/api\/lists\/.+\/items\//.test(response.url()),
  );
  await page.getByRole('checkbox', { name: 'Milk' }).check();
  await expect(page.getByText('1 of 3 checked')).toBeVisible();
  expect((await tickSaved).ok()).toBe(true);
  // Checked items sink to the bottom, and the check survives a reload.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
  // Its name starts with the typed name; the product it links to follows ("Milk ≈ Whole Milk").
  await expect(page.getByRole('checkbox').last()).toHaveAccessibleName(/^Milk\b/);
  await expect(page.getByRole('checkbox', { name: 'Eggs' })).not.toBeChecked();

  await page.getByRole('link', { name: /Back to Lists/ }).click();
  await expect(page.getByRole('link', { name: /Weekend groceries/ })).toContainText('3 items, 1 checked');
});

test("a shopper gets List not found for another shopper's list", async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUpViaApi(owner, uniqueEmail('owner'), 'List Owner');
  const created = await owner.request.post('/api/lists', { data: { name: 'Private list' } });
  expect(created.ok()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUpViaApi(other, uniqueEmail('other'), 'Other Shopper');
  await other.goto(`/u/lists/${id}`);
  await expect(other.getByText('List not found')).toBeVisible();
  await expect(other.getByText('Private list')).toHaveCount(0);
  await ownerContext.close();
  await otherContext.close();
});
