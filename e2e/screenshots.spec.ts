import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { NO_SAMPLE_IDS, catalogue, createSampleData, newcomerPages } from './page-catalogue';
import { signInAsOperator, signUpViaApi } from './support';

// `npm run screenshots`: every route at 390 and 1280 px in both themes, for review by eye. Skipped in the
// ordinary suite (it only writes files).
const OUT_DIR = process.env.SCREENSHOTS_DIR;
const WIDTHS = [390, 1280] as const;
const THEMES = ['light', 'dark'] as const;

test.skip(!OUT_DIR, 'set SCREENSHOTS_DIR (npm run screenshots) to write the screenshots');

// A newcomer is a shopper with nothing yet: the empty states. Their files start with "new-".
for (const audience of ['public', 'shopper', 'newcomer', 'operator'] as const) {
  test(`screenshots of every ${audience} page`, async ({ page }) => {
    test.setTimeout(600_000);
    const dir = path.resolve(OUT_DIR!);
    fs.mkdirSync(dir, { recursive: true });
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
      const name = audience === 'newcomer' ? `new-${slug}` : slug;
      for (const width of WIDTHS) {
        for (const theme of THEMES) {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
          // Reduced motion: charts draw at once instead of being caught mid-animation.
          await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
          await page.goto(entry.path);
          await expect(page.locator('#root, body > main').first()).not.toBeEmpty();
          await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
          await expect(page.locator('.chart-placeholder')).toHaveCount(0, { timeout: 15_000 });
          await page.screenshot({ path: path.join(dir, `${name}-${width}-${theme}.png`), fullPage: true });
        }
      }
    }
  });
}
