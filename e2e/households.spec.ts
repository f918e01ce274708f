import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support';

test('two members of a household see each other ticks and additions live on the shared list', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const memberContext = await browser.newContext();
  try {
    const owner = await ownerContext.newPage();
    const member = await memberContext.newPage();
    await signUpViaApi(owner, uniqueEmail('owner'), 'Olive Owner');
    await signUpViaApi(member, uniqueEmail('member'), 'Mo Member');

    // The owner creates the household and an invite on the household page.
    await owner.goto('/u/settings/household');
    await owner.getByLabel('Household name').fill('Maple Street');
    await owner.getByRole('button', { name: 'Create household' }).click();
    await expect(owner.getByRole('heading', { name: 'Maple Street' })).toBeVisible();
    await owner.getByRole('button', { name: 'Invite someone' }).click();
    const link = await owner.getByLabel('Invite link').inputValue();
    const code = new URL(link).searchParams.get('code')!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    // The member follows the link: the code is filled in and the page says who invites them where.
    await member.goto(`/u/settings/household?code=${code}`);
    await expect(member.getByLabel('Invite code')).toHaveValue(code);
    await expect(member.getByRole('status').filter({ hasText: 'Olive Owner invited you to Maple Street' })).toBeVisible();
    await member.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(member.getByRole('heading', { name: 'Maple Street' })).toBeVisible();
    await expect(member.getByText('Olive Owner')).toBeVisible();
    // The owner's page learns about the new member without a reload.
    await expect(owner.getByText('Mo Member')).toBeVisible({ timeout: 5_000 });

    // A household list, made by the owner, open on both phones.
    await owner.goto('/u/lists/create');
    await owner.getByLabel('List name').fill('House shop');
    await owner.getByLabel('Shared with').selectOption({ label: 'Maple Street (household)' });
    await owner.getByRole('button', { name: 'Create list' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'House shop' })).toBeVisible();
    const listUrl = new URL(owner.url()).pathname;
    await owner.getByRole('combobox', { name: 'Add an item' }).fill('Oat milk');
    await owner.keyboard.press('Enter');
    await expect(owner.getByRole('checkbox', { name: 'Oat milk' })).toBeVisible();

    await member.goto(listUrl);
    await expect(member.getByRole('checkbox', { name: 'Oat milk' })).not.toBeChecked();

    // Each sees the other's change within a second, with no reload.
    await member.getByRole('checkbox', { name: 'Oat milk' }).check();
    await expect(owner.getByRole('checkbox', { name: 'Oat milk' })).toBeChecked({ timeout: 1_500 });
    await owner.getByRole('combobox', { name: 'Add an item' }).fill('Bread');
    await owner.keyboard.press('Enter');
    await expect(member.getByRole('checkbox', { name: 'Bread' })).toBeVisible({ timeout: 1_500 });
    await owner.getByRole('checkbox', { name: 'Bread' }).check();
    await expect(member.getByRole('checkbox', { name: 'Bread' })).toBeChecked({ timeout: 1_500 });

    // Someone outside the household gets the 404 page for the list.
    const outsider = await browser.newContext();
    const stranger = await outsider.newPage();
    await signUpViaApi(stranger, uniqueEmail('stranger'));
    expect((await stranger.request.get(`/api${listUrl}`)).status()).toBe(404);
    await outsider.close();
  } finally {
    await ownerContext.close();
    await memberContext.close();
  }
});

test('a newcomer opens an invite link signed out, signs up and joins the household', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const newcomerContext = await browser.newContext();
  try {
    const owner = await ownerContext.newPage();
    await signUpViaApi(owner, uniqueEmail('invite-owner'), 'Ivy Owner');
    const household = await (await owner.request.post('/api/households', { data: { name: 'Cedar Court' } })).json();
    const invite = await (await owner.request.post(`/api/households/${household.id}/invites`)).json();

    const newcomer = await newcomerContext.newPage();
    await newcomer.goto(new URL(invite.url).pathname + new URL(invite.url).search);
    await expect(newcomer).toHaveURL(/\/login$/);
    await newcomer.getByRole('link', { name: 'Sign up' }).click();
    // The sign-in form stays on screen while the sign-up page loads, and it has an Email field too.
    await expect(newcomer.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await newcomer.getByLabel('Email').fill(uniqueEmail('invitee'));
    await newcomer.getByLabel('Password', { exact: true }).fill('e2e-password-123');
    await newcomer.getByLabel('Name (optional)').fill('Nico Newcomer');
    await newcomer.getByRole('button', { name: 'Sign up' }).click();

    // Sign-up returns to the invite, which says who invites them where.
    await expect(newcomer).toHaveURL(new RegExp(`/u/settings/household\\?code=${invite.code}$`));
    await expect(newcomer.getByRole('status').filter({ hasText: 'Ivy Owner invited you to Cedar Court' })).toBeVisible();
    await newcomer.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(newcomer.getByRole('heading', { name: 'Cedar Court' })).toBeVisible();
    await expect(newcomer.getByText('Ivy Owner')).toBeVisible();
  } finally {
    await ownerContext.close();
    await newcomerContext.close();
  }
});

test('a shopper shares a receipt with the household, sees it in the shared spending, and unshares it', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const memberContext = await browser.newContext();
  try {
    const owner = await ownerContext.newPage();
    const member = await memberContext.newPage();
    await signUpViaApi(owner, uniqueEmail('spend-owner'), 'Pat Owner');
    await signUpViaApi(member, uniqueEmail('spend-member'), 'Robin Member');
    const household = await (await owner.request.post('/api/households', { data: { name: 'Birch Lane' } })).json();
    const invite = await (await owner.request.post(`/api/households/${household.id}/invites`)).json();
    expect((await member.request.post('/api/households/join', { data: { code: invite.code } })).ok()).toBeTruthy();
    const receipt = await (
      await member.request.post('/api/receipts', {
        data: { storeName: 'Birch Grocer', date: '2026-11-05', total: 23.4, items: [{ name: 'Pears', quantity: 2, price: 23.4 }] },
      })
    ).json();

    await member.goto(`/u/receipts/${receipt.id}`);
    await expect(member.getByText('Only you see this receipt.')).toBeVisible();
    await member.getByRole('button', { name: 'Share with Birch Lane' }).click();
    await expect(member.getByText(/Shared with Birch Lane/)).toBeVisible();

    // Another member opens the household's shared spending: the receipt counts for its shopper and its month.
    await owner.goto('/u/settings/household');
    await owner.getByRole('link', { name: 'Shared spending' }).click();
    await expect(owner).toHaveURL(new RegExp(`/u/settings/household/${household.id}/spend$`));
    await expect(owner.getByRole('heading', { name: 'Shared spending: Birch Lane' })).toBeVisible();
    const byMember = owner.getByRole('table', { name: 'By member' });
    await expect(byMember.getByRole('row', { name: /Robin Member/ })).toContainText('$23.40');
    await expect(byMember.getByRole('row', { name: /Pat Owner/ })).toContainText('$0.00');
    await expect(owner.getByRole('table', { name: 'By month' }).getByRole('row', { name: /November 2026/ })).toContainText('$23.40');

    await member.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(member.getByText('Only you see this receipt.')).toBeVisible();
    await owner.reload();
    await expect(owner.getByText('Nothing shared yet')).toBeVisible();
    await expect(owner.getByRole('table', { name: 'By month' })).toContainText('No shared receipts yet');
  } finally {
    await ownerContext.close();
    await memberContext.close();
  }
});
