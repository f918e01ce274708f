import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openBillingShopper, startBillingServer } from './billing-server';
import { NO_SAMPLE_IDS, catalogue, createOperatorIds, createSampleData, newcomerPages, type CataloguePage } from './page-catalogue';
import { PAGE_STATES, STATE_TEST_OPTIONS } from './page-states';
import { signInAsOperator, signUpViaApi } from './support';

// Every page of the route table, at a phone and a desktop width, in the light and the dark theme (the
// app follows the system's): axe finds nothing, and neither the page nor any region scrolls sideways; on a
// phone every control of the shopper's pages is at least 44 x 44 px to the finger.
const WIDTHS = [390, 1280] as const;
const THEMES = ['light', 'dark'] as const;
// A newcomer is a shopper with nothing yet: every page shows its empty state.
const AUDIENCES = ['public', 'shopper', 'newcomer', 'operator'] as const;

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

/**
 * Names each control on the page whose hit area is under 44 x 44 CSS px. A control passes when its own box is
 * that big, or when a click 22 px either side of its centre still lands on it (a padded or pseudo-element hit
 * area) or on its label. Links inside a sentence are exempt, as in WCAG 2.5.8.
 */
async function findSmallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const REACH = MIN / 2 - 1;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"], [role="link"]';
    const problems: string[] = [];
    const isInSentence = (element: HTMLElement) => {
      const parent = element.parentElement;
      if (!parent || element.tagName !== 'A') return false;
      const display = getComputedStyle(parent).display;
      if (display.includes('flex') || display.includes('grid')) return false;
      return (parent.textContent ?? '').trim().length > (element.textContent ?? '').trim().length + 1;
    };
    const isHit = (element: HTMLElement, x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      if (!hit) return false;
      if (element.contains(hit)) return true;
      const label = hit.closest('label');
      return Boolean(label && (label.control === element || label.contains(element)));
    };
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect();
      // checkVisibility also skips the content of a closed <details>, which keeps its boxes.
      const isShown = element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
      if (!isShown || box.width === 0 || box.height === 0 || element.closest('[aria-hidden="true"], [inert]')) continue;
      if ((element as HTMLButtonElement).disabled || isInSentence(element)) continue;
      if (box.width >= MIN - 0.5 && box.height >= MIN - 0.5) continue;
      element.scrollIntoView({ block: 'center', inline: 'center' });
      const at = element.getBoundingClientRect();
      const x = at.left + at.width / 2;
      const y = at.top + at.height / 2;
      const probes: [number, number][] = [
        [x - REACH, y],
        [x + REACH, y],
        [x, y - REACH],
        [x, y + REACH],
      ];
      if (probes.every(([px, py]) => isHit(element, px, py))) continue;
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
      problems.push(`${element.tagName.toLowerCase()} "${name.slice(0, 30)}" is ${Math.round(box.width)} x ${Math.round(box.height)} px`);
    }
    window.scrollTo(0, 0);
    return problems;
  });
}

async function settle(page: Page): Promise<void> {
  // The app mounts in #root; a server-rendered page (unsubscribe) has its <main> straight in <body>.
  await expect(page.locator('#root, body > main').first()).not.toBeEmpty();
  // Lazy chunks and first queries: wait until no loading indicator or chart placeholder is left.
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.chart-placeholder')).toHaveCount(0, { timeout: 15_000 });
}

/** axe, sideways scroll and (when asked) touch targets on the page as it is now; problems start with `label`. */
async function checkCurrentPage(page: Page, label: string, isTouchChecked: boolean): Promise<string[]> {
  const problems: string[] = [];
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  for (const violation of axe.violations) {
    const targets = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(', ');
    problems.push(`${label}: axe ${violation.id} (${violation.nodes.length}) ${targets}`);
  }
  for (const scroll of await findSidewaysScroll(page)) problems.push(`${label}: ${scroll}`);
  if (isTouchChecked) for (const target of await findSmallTargets(page)) problems.push(`${label}: ${target}`);
  return problems;
}

async function checkPages(page: Page, pages: CataloguePage[], isTouchChecked = false): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of pages) {
    await page.goto(entry.path);
    await settle(page);
    problems.push(...(await checkCurrentPage(page, entry.path, isTouchChecked)));
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
        else if (audience !== 'public') await signUpViaApi(page);
        const ids =
          audience === 'shopper' ? await createSampleData(page) : audience === 'operator' ? await createOperatorIds(page) : NO_SAMPLE_IDS;
        const pages = audience === 'newcomer' ? newcomerPages() : catalogue(ids).filter((entry) => entry.audience === audience);
        expect(pages.length).toBeGreaterThan(audience === 'public' ? 4 : 8);
        // Touch targets of at least 44 px on the shopper's pages on a phone (the theme does not change sizes).
        const isTouchChecked = (audience === 'shopper' || audience === 'newcomer') && width === 390 && theme === 'light';
        expect(await checkPages(page, pages, isTouchChecked)).toEqual([]);
      });
    }
  }
}

// The states a visit never shows (open dialogs, failed submits, a receipt mid-read, two-factor, a crashed page),
// each shown as a shopper would reach it; touch targets are checked on the shopper's states on a phone.
test.describe('page states', () => {
  test.use(STATE_TEST_OPTIONS);
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      test(`every page state passes axe and fits the window at ${width} px in the ${theme} theme`, async ({ page }) => {
        test.setTimeout(240_000);
        await page.setViewportSize({ width, height: 844 });
        await page.emulateMedia({ colorScheme: theme });
        const problems: string[] = [];
        for (const audience of ['public', 'shopper', 'operator'] as const) {
          // Each audience starts signed out: signing up (or in) over another session keeps that session.
          await page.context().clearCookies();
          if (audience === 'operator') await signInAsOperator(page);
          else if (audience === 'shopper') await signUpViaApi(page);
          const ids = audience === 'shopper' ? await createSampleData(page) : NO_SAMPLE_IDS;
          const isTouchChecked = audience === 'shopper' && width === 390 && theme === 'light';
          for (const state of PAGE_STATES.filter((entry) => entry.audience === audience)) {
            await state.show(page, ids);
            await settle(page);
            problems.push(...(await checkCurrentPage(page, `state ${state.name}`, isTouchChecked)));
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

test('billing pages with Stripe configured pass axe and fit the window at both widths in both themes', async ({ browser }) => {
  test.setTimeout(240_000);
  const server = await startBillingServer(2, 'operator-billing-design@cartwise.test');
  const problems: string[] = [];
  try {
    for (const isTrialEnded of [false, true]) {
      const page = await openBillingShopper(browser, server, isTrialEnded);
      for (const width of WIDTHS) {
        for (const theme of THEMES) {
          await page.setViewportSize({ width, height: 844 });
          await page.emulateMedia({ colorScheme: theme });
          for (const path of ['/u/settings/billing', '/u/lists']) {
            await page.goto(path);
            await settle(page);
            const label = `${path} (${isTrialEnded ? 'trial ended' : 'trial'}, ${width} px, ${theme})`;
            problems.push(...(await checkCurrentPage(page, label, width === 390 && theme === 'light')));
          }
        }
      }
      await page.context().close();
    }
  } finally {
    await server.stop();
  }
  expect(problems).toEqual([]);
});
