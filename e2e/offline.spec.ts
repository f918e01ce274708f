import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support';

test('Chromium reports no installability errors for the app', async ({ baseURL }) => {
  // Installing needs a real profile: Playwright's default contexts are incognito, which alone blocks it.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // The landing page leaves the worker alone; the first page past it (signing up) installs it.
    await checkInstallable(page, '/sign-up');
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

async function checkInstallable(page: import('@playwright/test').Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Cartwise', display: 'standalone', start_url: '/u/dashboard' });
  expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
  );
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);
}

test('changes made offline survive a reload and a closed tab, and the server has every one when back online', async ({ page, context }) => {
  await signUpViaApi(page, uniqueEmail('offline'), 'Offline Shopper');
  const list = await (await page.request.post('/api/lists', { data: { name: 'No signal shop' } })).json();
  for (const name of ['Apples', 'Rice']) await page.request.post(`/api/lists/${list.id}/items`, { data: { name } });

  await page.goto(`/u/lists/${list.id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit installs the worker; the second is served through it and fills the read cache.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Apples' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'No signal shop' })).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Apples' }).check();
  await expect(page.getByText('1 change waiting to sync.')).toBeVisible();
  const quickAdd = page.getByRole('combobox', { name: 'Add an item' });
  await quickAdd.fill('Milk');
  await quickAdd.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Milk' })).toBeVisible();
  await expect(page.getByText('2 changes waiting to sync.')).toBeVisible();

  // Close the tab while still offline: the changes live in IndexedDB, not in the page.
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto(`/u/lists/${list.id}`);
  await expect(reopened.getByText('2 changes waiting to sync.')).toBeVisible();
  await expect(reopened.getByRole('checkbox', { name: 'Apples' })).toBeChecked();
  await expect(reopened.getByRole('checkbox', { name: 'Milk' })).toBeVisible();

  await context.setOffline(false);
  await expect(reopened.getByText('You are offline.')).toBeHidden();
  await expect
    .poll(async () =>
      (await (await reopened.request.get(`/api/lists/${list.id}`)).json()).items.map((item: { name: string; is_checked: boolean }) => [
        item.name,
        item.is_checked,
      ]),
    )
    .toEqual([
      ['Apples', true],
      ['Rice', false],
      ['Milk', false],
    ]);
  await expect(reopened.getByText(/waiting to sync|Syncing/)).toBeHidden();
});

test('a pantry item added offline stays after a reload and reaches the server when back online', async ({ page, context }) => {
  await signUpViaApi(page, uniqueEmail('offline-pantry'), 'Offline Pantry');
  await page.goto('/u/pantry');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await page.getByRole('button', { name: 'Add item' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add pantry item' });
  await dialog.getByLabel('Name').fill('Lentils');
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Unit').fill('kg');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
  const items = page.getByRole('region', { name: 'Pantry items' });
  await expect(items.getByText('Lentils')).toBeVisible();
  await expect(page.getByText('1 change waiting to sync.')).toBeVisible();

  await page.reload();
  await expect(items.getByText('Lentils')).toBeVisible();

  await context.setOffline(false);
  await expect
    .poll(async () =>
      (await (await page.request.get('/api/pantry')).json()).items.map((item: { name: string; qty: number; unit: string }) => [
        item.name,
        item.qty,
        item.unit,
      ]),
    )
    .toEqual([['Lentils', 2, 'kg']]);
  await expect(page.getByText(/waiting to sync|Syncing/)).toBeHidden();
});

test('an add whose answer is lost on the way back is sent again, and the server keeps one item', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('lost-answer'), 'Lost Answer');
  const list = await (await page.request.post('/api/lists', { data: { name: 'One bar of signal' } })).json();
  await page.goto(`/u/lists/${list.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'One bar of signal' })).toBeVisible();

  // The first add reaches the server, but its answer never reaches the page: the outbox queues it and replays it.
  let posts = 0;
  await page.route('**/api/lists/*/items', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  const quickAdd = page.getByRole('combobox', { name: 'Add an item' });
  await quickAdd.fill('Sourdough');
  await quickAdd.press('Enter');
  await expect.poll(() => posts).toBe(2);
  await expect(page.getByText(/waiting to sync|Syncing/)).toBeHidden();
  const names = async () =>
    (await (await page.request.get(`/api/lists/${list.id}`)).json()).items.map((item: { name: string }) => item.name);
  expect(await names()).toEqual(['Sourdough']);
  await expect(page.getByRole('checkbox', { name: 'Sourdough' })).toHaveCount(1);
});
