import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsOperator } from './support';

const CSV = [
  'product,barcode,chain,store,address,city,price,date',
  'Oat milk,4006381333931,E2E Mart,E2E Mart Centre,2 High St,Springfield,1.99,2026-11-01',
  'Rye bread,5000112546415,E2E Mart,E2E Mart Centre,2 High St,Springfield,2.50,2026-11-01',
].join('\n');

const sourceCard = (page: Page, label: string) =>
  page.locator('section.card', { has: page.getByRole('heading', { name: label, exact: true }) });

test('an operator uploads a feed file, watches the run finish and reads it among past runs', async ({ page }) => {
  await signInAsOperator(page);
  await page.goto('/admin/price-sources');
  await expect(page.getByRole('heading', { name: 'Price sources', level: 1 })).toBeVisible();

  const csv = sourceCard(page, 'Cartwise CSV');
  await csv.getByLabel('Feed files').setInputFiles({ name: 'e2e-prices.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CSV}\n`) });
  await csv.getByRole('button', { name: 'Run now' }).click();
  const progress = csv.getByRole('status');
  await expect(progress).toContainText('Succeeded');
  await expect(progress).toContainText('2 prices');

  const runs = page.getByRole('table', { name: /latest runs/ });
  await page.reload();
  await expect(runs.getByRole('row', { name: /Cartwise CSV/ }).first()).toContainText('Succeeded');

  const openPrices = sourceCard(page, 'Open Prices');
  await openPrices.getByLabel('City').fill('Springfield');
  await openPrices.getByRole('checkbox', { name: 'Run on a schedule' }).check();
  await openPrices.getByLabel('Daily at').selectOption('05:00 UTC');
  await openPrices.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved', { exact: true }).first()).toBeVisible();

  const kroger = sourceCard(page, 'Kroger');
  await kroger.getByLabel('clientSecret').fill('e2e-secret');
  await kroger.getByRole('button', { name: 'Save settings' }).click();
  await page.reload();
  await expect(sourceCard(page, 'Kroger').getByText('Set. Type a new value to replace it.')).toBeVisible();
  await expect(page.getByText('e2e-secret')).toHaveCount(0);

  const coverage = page.locator('section.card', { has: page.getByRole('heading', { name: 'Coverage' }) });
  await coverage.getByLabel('City').fill('Springfield');
  await coverage.getByRole('button', { name: 'Show coverage' }).click();
  await expect(coverage.getByText('with prices')).toBeVisible();

  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/admin/price-sources');
      await expect(page.getByRole('table', { name: /latest runs/ })).toBeVisible();
      await page.screenshot({ path: path.join(dir, `admin-price-sources-${width}-${theme}.png`), fullPage: true });
    }
  }
});
