import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { catalogue, createSampleData, type CataloguePage } from './page-catalogue';
import { signInAsOperator, signUpViaApi } from './support';

// Every page of the route table, at a phone and a desktop width, in the light and the dark theme (the
// app follows the system's): axe finds nothing, and neither the page nor any region scrolls sideways.
const WIDTHS = [390, 1280] as const;
const THEMES = ['light', 'dark'] as const;
const AUDIENCES = ['public', 'shopper', 'operator'] as const;

/** Names each element that is wider than its box and may be scrolled sideways, plus the page itself. */
async function findSidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(element);
      if (!/(auto|scroll)/.test(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue;
      const name = element.getAttribute('aria-label') ?? element.className ?? element.tagName;
      problems.push(
        `${element.tagName.toLowerCase()} "${String(name).slice(0, 40)}" scrolls sideways (${element.scrollWidth} > ${element.clientWidth})`,
      );
    }
    return problems;
  });
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toBeEmpty();
  // Lazy chunks and first queries: wait until no loading indicator is left.
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
}

async function checkPages(page: Page, pages: CataloguePage[]): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of pages) {
    await page.goto(entry.path);
    await settle(page);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    for (const violation of axe.violations) {
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ');
      problems.push(`${entry.path}: axe ${violation.id} (${violation.nodes.length}) ${targets}`);
    }
    for (const scroll of await findSidewaysScroll(page)) problems.push(`${entry.path}: ${scroll}`);
  }
  return problems;
}

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    for (const audience of AUDIENCES) {
      test(`every ${audience} page passes axe and fits the window at ${width} px in the ${theme} theme`, async ({ page }) => {
        test.setTimeout(240_000);
        await page.setViewportSize({ width, height: 844 });
        await page.emulateMedia({ colorScheme: theme });
        if (audience === 'operator') await signInAsOperator(page);
        else if (audience === 'shopper') await signUpViaApi(page);
        const ids = audience === 'shopper' ? await createSampleData(page) : { listId: 'x', receiptId: 'x', dealId: 'x', productId: 'x' };
        const pages = catalogue(ids).filter((entry) => entry.audience === audience);
        expect(pages.length).toBeGreaterThan(audience === 'public' ? 4 : 8);
        expect(await checkPages(page, pages)).toEqual([]);
      });
    }
  }
}
