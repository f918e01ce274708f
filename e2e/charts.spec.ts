import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsOperator, signUpViaApi } from './support';
import { addDaysIso, getTodayIso } from '@cartwise/contracts';

/** The seeded catalogue's milk, which has prices at several stores over the last weeks. */
/** axe on the drawn charts (the page-wide check in design.spec.ts can run before a lazy chart arrives). */
async function expectChartsAccessible(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page })
    .include('.chart')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

async function findSeededMilk(page: Page): Promise<string> {
  const found = (await (await page.request.get('/api/products?q=whole%20milk&limit=5')).json()) as { products: { id: string }[] };
  const productId = found.products[0]?.id;
  expect(productId).toBeTruthy();
  return productId!;
}

test('the price chart shows a tooltip and hides a store from its legend', async ({ page }) => {
  await signUpViaApi(page);
  const productId = await findSeededMilk(page);
  await page.goto(`/u/products/${productId}`);
  const legend = page.getByRole('list', { name: /Stores in the price history/ });
  await expect(legend.getByRole('button').first()).toBeVisible();
  const stores = await legend.getByRole('button').count();
  expect(stores).toBeGreaterThan(1);
  await expect(page.locator('.recharts-line')).toHaveCount(stores);

  const canvas = page.locator('.chart-canvas').first();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('.chart-tooltip')).toContainText('$');

  const button = legend.getByRole('button').nth(1);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.recharts-line')).toHaveCount(stores - 1);
  await button.click();
  await expect(page.locator('.recharts-line')).toHaveCount(stores);

  // `SCREENSHOTS_DIR=... npx playwright test e2e/charts.spec.ts`: the chart pages for review by eye.
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const [index, storeName] of ['Corner Grocer', 'FreshMart Downtown', 'ValueGrocer Northport'].entries()) {
    for (let month = 0; month < 4; month += 1) {
      const date = addDaysIso(getTodayIso(), -(month * 30 + index * 3));
      const price = 20 + index * 7 + month * 3;
      await page.request.post('/api/receipts', {
        data: { storeName, date, items: [{ name: 'GROCERIES', quantity: 1, price }], total: price },
      });
    }
  }
  for (const [name, url] of [
    ['product', `/u/products/${productId}`],
    ['analytics', '/u/analytics'],
    ['dashboard', '/u/dashboard'],
  ] as const) {
    for (const width of [390, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(url);
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(dir, `${name}-${width}-${theme}.png`), fullPage: true });
        const chart = page.locator('.chart').first();
        if (await chart.count()) await chart.screenshot({ path: path.join(dir, `${name}-chart-${width}-${theme}.png`) });
      }
    }
  }
});

test('the category chart shows money in a tooltip and hides a category from its legend', async ({ page }) => {
  await signUpViaApi(page);
  const date = getTodayIso();
  const items = [
    { name: 'WHOLE MILK', price: 4.5, category: 'Dairy' },
    { name: 'BANANAS', price: 2.25, category: 'Produce' },
    { name: 'SOURDOUGH', price: 5, category: 'Bakery' },
    { name: 'CHEDDAR', price: 6.75, category: 'Dairy' },
  ];
  const created = await page.request.post('/api/receipts', { data: { storeName: 'FreshMart Downtown', date, items, total: 18.5 } });
  expect(created.ok()).toBe(true);
  await page.goto('/u/analytics');
  const figure = page.getByRole('figure', { name: /spend per category/ });
  const legend = figure.getByRole('list', { name: 'Categories in the spend chart' });
  await expect(legend.getByRole('button')).toHaveCount(3);
  const bars = figure.locator('.recharts-bar-rectangle');
  await expect(bars).toHaveCount(3);

  await bars.first().hover();
  await expect(figure.locator('.chart-tooltip')).toContainText('Dairy');
  await expect(figure.locator('.chart-tooltip')).toContainText('$11.25');

  const produce = legend.getByRole('button', { name: 'Produce' });
  await produce.focus();
  await page.keyboard.press('Enter');
  await expect(produce).toHaveAttribute('aria-pressed', 'false');
  await expect(bars).toHaveCount(2);
  await expectChartsAccessible(page);

  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/u/analytics');
      await expect(figure.locator('.recharts-bar-rectangle')).toHaveCount(3);
      await figure.locator('.recharts-bar-rectangle').first().hover();
      await figure.locator('xpath=..').screenshot({ path: path.join(dir, `category-chart-${width}-${theme}.png`) });
    }
  }
});

test('the admin analytics charts count sign-ups per week, with the figures one tap away', async ({ page }) => {
  await signInAsOperator(page);
  await page.goto('/admin/analytics');
  const signups = page.getByRole('figure', { name: /in the last 12 weeks/ }).first();
  const bars = signups.locator('.recharts-bar-rectangle');
  await expect(bars.first()).toBeVisible();
  await bars.last().hover();
  await expect(signups.locator('.chart-tooltip')).toContainText(/Week of .+\d+ sign-ups/s);

  const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Sign-ups per week' }) });
  await card.getByText('Figures per week').click();
  const table = card.getByRole('table', { name: 'Sign-ups per week' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expectChartsAccessible(page);

  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/admin/analytics');
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
      await page.screenshot({ path: path.join(dir, `admin-analytics-${width}-${theme}.png`), fullPage: true });
    }
  }
});
