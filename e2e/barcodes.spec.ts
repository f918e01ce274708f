import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { withGtinCheckDigit } from '../packages/contracts/src/domain/gtin';
import { writeEan13Video } from './fixtures/ean13-video';
import { signUpViaApi, uniqueEmail } from './support';

// A fresh code per run (prefix 2: restricted in-store range, never a real product), filmed for the fake camera.
const CODE = withGtinCheckDigit(`2${String(Date.now()).slice(-11)}`);
const VIDEO = path.join(os.tmpdir(), `cartwise-ean13-${process.pid}.y4m`);
writeEan13Video(VIDEO, CODE);

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

test('scanning an unknown EAN-13 opens New product with the code, and the next scan lands on the product', async ({ page, baseURL }) => {
  const outside: string[] = [];
  const wasm: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(baseURL!).origin && !url.protocol.startsWith('blob') && !url.protocol.startsWith('data'))
      outside.push(request.url());
    if (url.pathname.endsWith('.wasm')) wasm.push(url.pathname);
  });
  await signUpViaApi(page, uniqueEmail('scanner'), 'Aisle Scanner');
  await page.goto('/u/check-price');
  await expect(page.getByRole('dialog', { name: 'Scan a barcode' })).toBeVisible();

  await expect(page).toHaveURL(/\/u\/products\/new\?/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await expect(page.getByLabel('Barcode')).toHaveValue(CODE);
  await page.getByLabel('Product name').fill('Scanned Granola 500 g');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByRole('heading', { name: 'Scanned Granola 500 g' })).toBeVisible();
  const productUrl = page.url();

  await page.goto('/u/check-price');
  await expect(page).toHaveURL(productUrl, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Scanned Granola 500 g' })).toBeVisible();

  const lookup = await page.request.get(`/api/products/by-barcode/${CODE}`);
  expect(lookup.ok()).toBe(true);
  expect(outside).toEqual([]);
  // Debian's Chromium has no BarcodeDetector: the app's own WebAssembly reader did the decoding.
  expect(wasm.length).toBeGreaterThan(0);
});

test('scanning on a list adds the known product to it', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('scanlist'), 'List Scanner');
  const code = CODE;
  const existing = await page.request.get(`/api/products/by-barcode/${code}`);
  if (existing.status() === 404) {
    expect((await page.request.post('/api/products', { data: { name: 'Scanned Granola 500 g', barcode: code } })).ok()).toBe(true);
  }
  const list = await (await page.request.post('/api/lists', { data: { name: 'Scan shop' } })).json();
  await page.goto(`/u/lists/${list.id}`);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Scanned Granola 500 g' })).toBeVisible({ timeout: 20_000 });
  const detail = await (await page.request.get(`/api/lists/${list.id}`)).json();
  expect(detail.items.map((item: { name: string }) => item.name)).toEqual(['Scanned Granola 500 g']);
});
