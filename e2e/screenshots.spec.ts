import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openBillingShopper, startBillingServer } from './billing-server';
import { NO_SAMPLE_IDS, catalogue, createSampleData, newcomerPages } from './page-catalogue';
import { PAGE_STATES, STATE_TEST_OPTIONS } from './page-states';
import { signInAsOperator, signUpViaApi } from './support';

// `npm run screenshots`: every route at 390 and 1280 px in both themes, for review by eye, then the states a
// visit never shows (dialogs, failed submits, a receipt mid-read, two-factor, billing on, a crashed page) as
// "state-*" files. Skipped in the ordinary suite (it only writes files).
const OUT_DIR = process.env.SCREENSHOTS_DIR;
const WIDTHS = [390, 1280] as const;
const THEMES = ['light', 'dark'] as const;

test.skip(!OUT_DIR, 'set SCREENSHOTS_DIR (npm run screenshots) to write the screenshots');

/** Shows the page at each width and theme (`show` puts it in its state) and writes `<name>-<width>-<theme>.png`. */
async function photograph(page: Page, name: string, show: () => Promise<unknown>): Promise<void> {
  const dir = path.resolve(OUT_DIR!);
  fs.mkdirSync(dir, { recursive: true });
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // Reduced motion: charts draw at once instead of being caught mid-animation.
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await show();
      await expect(page.locator('#root, body > main').first()).not.toBeEmpty();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
      await expect(page.locator('.chart-placeholder')).toHaveCount(0, { timeout: 15_000 });
      await page.screenshot({ path: path.join(dir, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
}

// A newcomer is a shopper with nothing yet: the empty states. Their files start with "new-".
for (const audience of ['public', 'shopper', 'newcomer', 'operator'] as const) {
  test(`screenshots of every ${audience} page`, async ({ page }) => {
    test.setTimeout(600_000);
    if (audience === 'operator') await signInAsOperator(page);
    else if (audience !== 'public') await signUpViaApi(page, undefined, 'Sam Shopper');
    const ids = audience === 'shopper' ? await createSampleData(page) : NO_SAMPLE_IDS;
    const pages = audience === 'newcomer' ? newcomerPages() : catalogue(ids).filter((item) => item.audience === audience);
    for (const entry of pages) {
      const slug =
        entry.path
          .replace(/^\//, '')
          .replace(/\?.*$/, '')
          .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'id')
          .replace(/\//g, '_') || 'landing';
      await photograph(page, audience === 'newcomer' ? `new-${slug}` : slug, () => page.goto(entry.path));
    }
  });
}

test.describe('states', () => {
  test.use(STATE_TEST_OPTIONS);
  for (const audience of ['public', 'shopper', 'operator'] as const) {
    test(`screenshots of the ${audience} pages' states`, async ({ page }) => {
      test.setTimeout(600_000);
      if (audience === 'operator') await signInAsOperator(page);
      else if (audience === 'shopper') await signUpViaApi(page, undefined, 'Sam Shopper');
      const ids = audience === 'shopper' ? await createSampleData(page) : NO_SAMPLE_IDS;
      for (const state of PAGE_STATES.filter((entry) => entry.audience === audience)) {
        await photograph(page, `state-${state.name}`, () => state.show(page, ids));
      }
    });
  }
});

test('screenshots of billing with Stripe configured', async ({ browser }) => {
  test.setTimeout(600_000);
  const server = await startBillingServer(2, 'operator-billing-shots@cartwise.test');
  try {
    for (const isTrialEnded of [false, true]) {
      const page = await openBillingShopper(browser, server, isTrialEnded);
      const name = isTrialEnded ? 'state-billing-trial-ended' : 'state-billing-trial';
      await photograph(page, name, () => page.goto('/u/settings/billing'));
      if (isTrialEnded) await photograph(page, 'state-billing-banner', () => page.goto('/u/lists'));
      await page.context().close();
    }
  } finally {
    await server.stop();
  }
});
