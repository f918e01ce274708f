import { receiptsApi, type TCreateReceipt, type TReceipt, type TReceiptItemInput } from '@cartwise/contracts';
import type { App, Deps } from '../app-types';
import { createId, nowIso } from '../db/ids';
import { callRoute } from './call-route';
import { asUser, type TestUser } from './factories';

/** A receipt as a shopper types it in: its total is what the lines cost after their discounts. */
export function buildReceipt(storeName: string, date: string, items: TReceiptItemInput[]): TCreateReceipt {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) - Math.round((item.discount ?? 0) * 100), 0);
  return { storeName, date, items, total: cents / 100 };
}

/** A cheese with a printed 1.00 off and two packs of towels: the receipt that saves by discount and, with a deal, on the towels. */
export function buildCheeseAndTowels(storeName: string, date: string): TCreateReceipt {
  return buildReceipt(storeName, date, [
    { name: 'Cheddar Cheese 8oz', quantity: 1, price: 3, discount: 1 },
    { name: 'Paper Towels 6ct', quantity: 2, price: 10 },
  ]);
}

/** Saves a receipt through POST /api/receipts, as its shopper would; any answer but 201 fails the test. */
export async function saveReceipt(app: App, user: TestUser, body: TCreateReceipt): Promise<TReceipt> {
  const res = await callRoute(app, receiptsApi.create, { headers: asUser(user), body });
  if (res.statusCode !== 201) throw new Error(`saving a receipt answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export interface DealRowInput {
  storeId: string | null;
  productId: string | null;
  /** Prices in cents. */
  sale: number;
  original: number;
  /** The days it runs, yyyy-mm-dd. */
  from: string;
  to: string;
  status: 'approved' | 'pending' | 'rejected';
}

/** A deal on "Towels on sale" written straight to the table, as moderation leaves it; returns its id. */
export async function insertDeal(app: Deps<'db'>, deal: DealRowInput): Promise<string> {
  const id = createId();
  const now = nowIso();
  await app.db
    .insertInto('deals')
    .values({
      id,
      title: 'Towels on sale',
      sale_price_cents: deal.sale,
      original_price_cents: deal.original,
      store_id: deal.storeId,
      product_id: deal.productId,
      starts_on: deal.from,
      ends_on: deal.to,
      status: deal.status,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
