import { expect, test, type Page } from '@playwright/test';
import { catalogue, createSampleData, NO_SAMPLE_IDS, type CataloguePage } from './page-catalogue';
import { signInAsOperator, signUpViaApi } from './support';

// A German shopper who pays in euros but thinks in pounds and quarts: every page the route table has shows
// money, numbers, dates and unit prices through the Intl helpers with these preferences, never the
// defaults (US dollars, US dates, metric unit prices).
const GERMAN_IMPERIAL = { currency: 'EUR', locale: 'de-DE', units: 'imperial', trip_cost_cents: 250, home_store_ids: [] };
const BRITISH_METRIC = { currency: 'GBP', locale: 'en-GB', units: 'metric', trip_cost_cents: 250, home_store_ids: [] };

interface Rule {
  name: string;
  pattern: RegExp;
}

const COMMON_RULES: Rule[] = [
  // "$17.81": a dollar amount the US way. Billing's US dollars in a German locale read "49,99 $"; a deal
  // titled "4 for $4" is the submitter's own words.
  { name: 'a dollar amount', pattern: /(?<!for )\$\s?\d/ },
  { name: 'a raw ISO date', pattern: /\b\d{4}-\d{2}-\d{2}\b/ },
  { name: 'a US-style date', pattern: /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}/ },
];

const GERMAN_RULES: Rule[] = [
  ...COMMON_RULES,
  // German writes 3,49 and 2,3; a point before one or two digits is a number that skipped Intl.
  { name: 'a number with a decimal point', pattern: /(?<![\d.,:/\w])\d+\.\d{1,2}(?![\d.])/ },
  { name: 'a metric unit price', pattern: /\/\s?(l|kg|ml|100 ?g)\b|\bper (l|kg|ml|litre|liter)\b/ },
];

// "Chicken Breast, per lb" is a product's name; only a price per imperial unit is the app's own text.
const BRITISH_RULES: Rule[] = [...COMMON_RULES, { name: 'an imperial unit price', pattern: /\d\s?\/\s?(lb|oz|qt|gal|fl oz)\b/ }];

/** The page's visible text, leaving out code samples (an import format's example dates are meant literally). */
async function readVisibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const code of Array.from(document.querySelectorAll<HTMLElement>('code, kbd, pre'))) code.dataset.auditHidden = code.style.display;
    for (const code of Array.from(document.querySelectorAll<HTMLElement>('code, kbd, pre'))) code.style.display = 'none';
    const text = document.body.innerText;
    for (const code of Array.from(document.querySelectorAll<HTMLElement>('code, kbd, pre')))
      code.style.display = code.dataset.auditHidden ?? '';
    return text;
  });
}

async function findFormatProblems(page: Page, pages: CataloguePage[], rules: Rule[]): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of pages) {
    await page.goto(entry.path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('.chart-placeholder')).toHaveCount(0, { timeout: 15_000 });
    const text = await readVisibleText(page);
    for (const rule of rules) {
      const match = rule.pattern.exec(text);
      if (!match) continue;
      const at = Math.max(0, match.index - 30);
      problems.push(`${entry.path}: ${rule.name} in "${text.slice(at, match.index + 30).replace(/\s+/g, ' ')}"`);
    }
  }
  return problems;
}

async function savePreferences(page: Page, preferences: object): Promise<void> {
  const res = await page.request.put('/api/settings/preferences', { data: preferences });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('every shopper page shows euros, German dates and imperial unit prices to a German shopper', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  const ids = await createSampleData(page);
  await savePreferences(page, GERMAN_IMPERIAL);
  const pages = catalogue(ids).filter((entry) => entry.audience === 'shopper');
  expect(pages.length).toBeGreaterThan(20);
  expect(await findFormatProblems(page, pages, GERMAN_RULES)).toEqual([]);
});

test('every shopper page shows pounds sterling and metric unit prices to a British shopper', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpViaApi(page);
  const ids = await createSampleData(page);
  await savePreferences(page, BRITISH_METRIC);
  const pages = catalogue(ids).filter((entry) => entry.audience === 'shopper');
  expect(await findFormatProblems(page, pages, BRITISH_RULES)).toEqual([]);
});

test('every operator page shows numbers and dates in the operator’s German locale', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOperator(page);
  // The operator account is shared by other specs: its own preferences go back as they were.
  const saved = (await (await page.request.get('/api/settings/preferences')).json()) as object;
  await savePreferences(page, GERMAN_IMPERIAL);
  try {
    const pages = catalogue(NO_SAMPLE_IDS).filter((entry) => entry.audience === 'operator');
    expect(pages.length).toBeGreaterThan(8);
    expect(await findFormatProblems(page, pages, GERMAN_RULES)).toEqual([]);
  } finally {
    await savePreferences(page, saved);
  }
});
