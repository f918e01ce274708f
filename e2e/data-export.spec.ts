import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parseCsv } from '@cartwise/contracts';
import { signInWithForm, signUpViaApi } from './support';

// The e2e server starts with SEED=true, so the demo accounts exist (server/src/seed).
const DEMO_SHOPPER = 'shopper@cartwise.demo';
const DEMO_PASSWORD = 'cartwise-demo';

test('the demo shopper downloads their receipts as a CSV file from the export settings', async ({ page }) => {
  await signInWithForm(page, DEMO_SHOPPER, DEMO_PASSWORD);
  await page.goto('/u/settings');
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Export' }).click();
  await expect(page.getByRole('heading', { name: 'Export your data' })).toBeVisible();

  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Receipts (CSV)' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^cartwise-receipts-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
  const header = rows[0]!;
  expect(header).toContain('total');
  // Other journeys may add receipts to the demo shopper, so check the shape rather than an exact count.
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows.slice(1)) {
    expect(row).toHaveLength(header.length);
    expect(row[header.indexOf('total')]).toMatch(/^\d+\.\d{2}$/);
  }
  expect(rows.slice(1).map((row) => row[header.indexOf('store_name')])).toContain('FreshMart');
});

test('the demo shopper downloads everything as JSON including their seeded lists', async ({ page }) => {
  await signInWithForm(page, DEMO_SHOPPER, DEMO_PASSWORD);
  await page.goto('/u/settings/export');
  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Everything (JSON)' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^cartwise-all-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { profile: { email: string }; lists: { name: string }[] };
  expect(data.profile.email).toBe(DEMO_SHOPPER);
  expect(data.lists.map((list) => list.name)).toEqual(expect.arrayContaining(['Party', 'Weekly shop']));
});

test('a shopper picks home stores and a trip cost and finds them kept after a reload', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/u/settings/preferences');
  await page.getByRole('checkbox', { name: /ValueGrocer Westgate/ }).check();
  await page.getByRole('checkbox', { name: /Corner Co-op Atwood/ }).check();
  await page.getByLabel('Trip cost per store visit').fill('4.5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Preferences saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: /ValueGrocer Westgate/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Corner Co-op Atwood/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /FreshMart Downtown/ })).not.toBeChecked();
  await expect(page.getByLabel('Trip cost per store visit')).toHaveValue('4.50');
});

test('a shopper sees a clear message when the trip cost is too high', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/u/settings/preferences');
  await page.getByLabel('Trip cost per store visit').fill('5000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The contract's own limit is checked beside the field before anything is sent.
  await expect(page.getByText('Trip cost must be at most 1000.00', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Trip cost per store visit')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Trip cost per store visit')).toBeFocused();
});
