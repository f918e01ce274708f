import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { getTodayIso } from '@cartwise/contracts';

/**
 * Every screen of the app, read from the route table itself (web/src/app/routes.tsx), so a page added
 * later is checked too. `:id` segments are filled with records the sample data creates.
 */
export interface CataloguePage {
  path: string;
  audience: 'public' | 'shopper' | 'operator';
}

const ROUTES_FILE = path.join(import.meta.dirname, '..', 'web', 'src', 'app', 'routes.tsx');
// Reached only mid-flow (a pending 2FA sign-in) or redirects straight away.
const SKIPPED = new Set(['login/two-factor', 'u', 'admin', '*', '/']);

export function listRoutePatterns(): string[] {
  const source = fs.readFileSync(ROUTES_FILE, 'utf8');
  const patterns: string[] = ['/'];
  let prefix = '';
  for (const line of source.split('\n')) {
    const parent = /path: '([^']+)',\s*$/.exec(line);
    if (parent && !line.includes('lazy') && !SKIPPED.has(parent[1]!)) {
      prefix = `${parent[1]}/`;
      patterns.push(`/${parent[1]}`);
      continue;
    }
    if (prefix && /^\s*\],?\s*$/.test(line)) prefix = '';
    const route = /path: '([^']+)'/.exec(line);
    if (!route || SKIPPED.has(route[1]!)) continue;
    patterns.push(`/${prefix}${route[1]}`);
  }
  return [...new Set([...patterns, '/no-such-page'])];
}

export interface SampleIds {
  listId: string;
  receiptId: string;
  dealId: string;
  productId: string;
  householdId: string;
  /** The signed-in account's own id (the operator's account page). */
  userId: string;
}

/** Ids for audiences without sample data: their pages take no record ids. */
export const NO_SAMPLE_IDS: SampleIds = { listId: 'x', receiptId: 'x', dealId: 'x', productId: 'x', householdId: 'x', userId: 'x' };

/** The operator's pages of one record: their own account's page. */
export async function createOperatorIds(page: Page): Promise<SampleIds> {
  const me = await page.request.get('/api/me');
  expect(me.ok(), await me.text()).toBeTruthy();
  return { ...NO_SAMPLE_IDS, userId: ((await me.json()) as { id: string }).id };
}

/** A shopper's list, receipt (with a weighed line), a listed deal, a product and a household, through the API. */
export async function createSampleData(page: Page): Promise<SampleIds> {
  const list = await page.request.post('/api/lists', { data: { name: 'Weekly shop' } });
  expect(list.ok(), await list.text()).toBeTruthy();
  const listId = ((await list.json()) as { id: string }).id;
  for (const name of ['Whole milk 1 gal', 'Bananas', 'Rolled oats']) {
    await page.request.post(`/api/lists/${listId}/items`, { data: { name } });
  }
  const today = getTodayIso();
  const receipt = await page.request.post('/api/receipts', {
    data: {
      storeName: 'Corner Grocer',
      date: today,
      items: [
        { name: 'BANANAS', quantity: 2.3, price: 1.38 },
        { name: 'WHOLE MILK 1 GAL', quantity: 1, price: 3.49 },
      ],
      total: 4.87,
    },
  });
  expect(receipt.ok(), await receipt.text()).toBeTruthy();
  const receiptId = ((await receipt.json()) as { id: string }).id;
  const deals = (await (await page.request.get('/api/deals')).json()) as { items: { id: string }[] };
  const products = (await (await page.request.get('/api/products?q=mi&limit=5')).json()) as { products?: { id: string }[] };
  let productId = products.products?.[0]?.id;
  if (!productId) {
    const created = await page.request.post('/api/products', { data: { name: 'Whole milk 1 gal' } });
    productId = ((await created.json()) as { id: string }).id;
  }
  const household = await page.request.post('/api/households', { data: { name: 'Home' } });
  expect(household.ok(), await household.text()).toBeTruthy();
  const householdId = ((await household.json()) as { id: string }).id;
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  return { listId, receiptId, dealId: deals.items[0]?.id ?? 'missing-deal', productId, householdId, userId: me.id };
}

export function fillPattern(pattern: string, ids: SampleIds): string {
  return pattern
    .replace('/u/lists/:id', `/u/lists/${ids.listId}`)
    .replace('/u/receipts/:id', `/u/receipts/${ids.receiptId}`)
    .replace('/u/deals/:id', `/u/deals/${ids.dealId}`)
    .replace('/u/products/:id', `/u/products/${ids.productId}`)
    .replace('/u/settings/household/:id', `/u/settings/household/${ids.householdId}`)
    .replace('/admin/users/:id', `/admin/users/${ids.userId}`);
}

/** Pages outside the route table: the server-rendered page an email's unsubscribe link opens. */
const EXTRA_PUBLIC_PAGES = ['/api/unsubscribe?token=not-a-real-token&list=marketing'];

export function catalogue(ids: SampleIds): CataloguePage[] {
  const routed = listRoutePatterns().map((pattern): CataloguePage => ({
    path: fillPattern(pattern, ids),
    audience: pattern.startsWith('/admin') ? 'operator' : pattern.startsWith('/u') || pattern === '/onboarding' ? 'shopper' : 'public',
  }));
  return [...routed, ...EXTRA_PUBLIC_PAGES.map((path): CataloguePage => ({ path, audience: 'public' }))];
}

/**
 * A brand-new shopper's pages: no list, receipt, pantry item or household yet, so each shows its empty
 * state. Pages of one record are left out (sample data covers them).
 */
export function newcomerPages(): CataloguePage[] {
  return catalogue(NO_SAMPLE_IDS).filter(
    (entry) => entry.audience === 'shopper' && !entry.path.includes(':') && !/\/x(\/|$)/.test(entry.path),
  );
}
