import { expect } from 'vitest';
import { ZRecommendationPlan, type TRecommendationPlan, getTodayIso } from '@cartwise/contracts';
import type { App } from '../app-types';
import { createId } from '../db/ids';
import { insertList, type ListItemSeed } from '../seed/lists';
import { asUser, createAdmin, type TestUser } from './factories';

/** Factories for split-cart tests: a price book imported as an operator would, and lists priced at its stores. */

export const TODAY = getTodayIso();

/** A price-book CSV row: product, brand, size, category, chain, store, price (the store's address and the date follow). */
export type PriceRow = readonly [
  product: string,
  brand: string,
  size: string,
  category: string,
  chain: string,
  store: string,
  price: string,
];

/** Builds the import CSV; each store gets its own street and every price is observed on `date` (today by default). */
export function buildPriceCsv(rows: readonly PriceRow[], date = TODAY): string {
  const lines = rows.map(([product, brand, size, category, chain, store, price]) => {
    const street = ['North', 'South', 'East'].indexOf(store) + 1 || 9;
    return [product, brand, size, category, chain, store, `${street} ${store} Rd`, 'Town', price, date].join(',');
  });
  return ['product,brand,size,category,chain,store,address,city,price,date', ...lines, ''].join('\n');
}

/**
 * Three stores: North is cheap for produce, South for dairy, East is dear but stocks everything (North has no
 * cheese). With trips at 1.00 the best plan is apples at North, milk and cheese at South.
 */
export const THREE_STORE_PRICES: readonly PriceRow[] = [
  ['Milk', 'Farm', '1 gal', 'Dairy', 'Northco', 'North', '4.00'],
  ['Milk', 'Farm', '1 gal', 'Dairy', 'Southco', 'South', '2.50'],
  ['Milk', 'Farm', '1 gal', 'Dairy', 'Eastco', 'East', '4.20'],
  ['Apples', '', '1 lb', 'Produce', 'Northco', 'North', '1.00'],
  ['Apples', '', '1 lb', 'Produce', 'Southco', 'South', '2.80'],
  ['Apples', '', '1 lb', 'Produce', 'Eastco', 'East', '2.90'],
  ['Cheese', 'Farm', '8 oz', 'Dairy', 'Southco', 'South', '3.00'],
  ['Cheese', 'Farm', '8 oz', 'Dairy', 'Eastco', 'East', '3.50'],
];

/**
 * Imports the rows through the operator's price-book import and returns the catalogue's product ids by
 * "Brand Name" (the name alone for an unbranded product).
 */
export async function importPriceBook(app: App, rows: readonly PriceRow[]): Promise<Map<string, string>> {
  const admin = await createAdmin(app);
  const imported = await app.inject({
    method: 'POST',
    url: '/api/admin/price-book/import',
    headers: asUser(admin),
    payload: { kind: 'csv', content: buildPriceCsv(rows) },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const products = await app.db.selectFrom('products').select(['id', 'name', 'brand']).execute();
  return new Map(products.map((product) => [`${product.brand ?? ''} ${product.name}`.trim(), product.id]));
}

/** The shopper's list with these items, in order. */
export function createList(app: App, owner: TestUser, items: readonly ListItemSeed[], name = 'Weekly'): Promise<string> {
  return insertList(app.db, { userId: owner.id, name, items, createdAt: new Date() });
}

/**
 * Products that share words with the real ones ("Whole Milk 17"), so matching must rank among many; created a
 * second later, so on equal scores the real products stay the older, preferred match.
 */
export async function insertDecoyProducts(app: App, names: readonly string[], count: number): Promise<void> {
  const later = new Date(Date.now() + 1000).toISOString();
  const decoys = Array.from({ length: count }, (_, i) => ({
    id: createId(),
    name: `${names[i % names.length]} ${i + 1}`,
    brand: null,
    category: null,
    size_value: null,
    size_unit: null,
    created_at: later,
  }));
  for (let i = 0; i < decoys.length; i += 500)
    await app.db
      .insertInto('products')
      .values(decoys.slice(i, i + 500))
      .execute();
}

/** The plan for a list with free trips and any number of stores, and each planned line's store and product by item name. */
export async function readPlanChoices(
  app: App,
  owner: TestUser,
  listId: string,
): Promise<{ plan: TRecommendationPlan; chosen: Record<string, { store: string; productId: string }> }> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/lists/${listId}/recommendations?tripCostCents=0&maxStores=any`,
    headers: asUser(owner),
  });
  expect(res.statusCode, res.body).toBe(200);
  const plan = ZRecommendationPlan.parse(res.json());
  const chosen = Object.fromEntries(
    plan.stops.flatMap((stop) => stop.lines.map((line) => [line.name, { store: stop.store.name, productId: line.productId }])),
  );
  return { plan, chosen };
}
