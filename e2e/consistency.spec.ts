import { expect, test } from '@playwright/test';
import { catalogue, createSampleData } from './page-catalogue';
import { signUpViaApi } from './support';

// Pages a shopper reaches from another page (a record, a form, a step) lead back up in one way: the
// chevron back link above the title. Settings tabs have their tab bar instead, and a product page has no
// single parent (it opens from receipts, lists, deals and plans).
const HAS_OWN_WAY_BACK = /^\/u\/(settings\/(?!household\/)|products\/)/;

test('every shopper page below a section leads back with the one back link to a page above it', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  const ids = await createSampleData(page);
  const pages = catalogue(ids)
    .filter((entry) => entry.audience === 'shopper' && entry.path.split('/').length > 3 && !HAS_OWN_WAY_BACK.test(entry.path))
    .map((entry) => entry.path);
  expect(pages.length).toBeGreaterThan(6);
  const problems: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
    const backLinks = page.locator('main .back-link');
    const hrefs = await backLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    if (hrefs.length !== 1) problems.push(`${path}: ${hrefs.length} back links`);
    else if (!path.startsWith(hrefs[0]!) || hrefs[0] === path) problems.push(`${path}: back link goes to ${hrefs[0]}`);
  }
  expect(problems).toEqual([]);
});
