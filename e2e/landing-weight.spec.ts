import { expect, test } from '@playwright/test';

// The landing page is what a new visitor on a phone waits for: it loads none of the signed-in app (the
// `shell` chunk: data layer, contracts, app layout) and at most 100 KB of script over the wire (brotli).
test('the landing page loads no signed-in app code, no service worker and under 100 KB of script over the wire', async ({ page }) => {
  const scripts: { url: string; bytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize });
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  // The offline copy is for the app's pages: a visitor reading the landing page does not install it.
  await page.waitForTimeout(2500);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  const names = scripts.map((script) => script.url);
  expect(names.filter((name) => /\/assets\/shell-/.test(name))).toEqual([]);
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  expect(total, names.join(', ')).toBeLessThanOrEqual(100 * 1024);
});
