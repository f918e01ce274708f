import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId } from '../db/ids';
import { addDaysTo, toIsoDay } from '@cartwise/contracts';
import { priceAt } from './prices';
import type { SeededProducts } from './products';
import type { SeededStores } from './stores';

/** Wisconsin-style sales tax: groceries are exempt, household goods, snacks and drinks are not. */
const TAX_RATE = 0.055;
const TAXABLE_CATEGORIES = new Set(['Household', 'Snacks', 'Beverages']);

// [product key, quantity, discount in cents]
type Line = [string, number, number];

interface ReceiptSeed {
  store: string;
  daysAgo: number;
  time: string;
  payment: string;
  lines: Line[];
}

const RECEIPTS: ReceiptSeed[] = [
  {
    store: 'freshmart-downtown',
    daysAgo: 3,
    time: '17:42',
    payment: 'Visa ****4821',
    lines: [
      ['milk', 1, 0],
      ['eggs', 1, 0],
      ['bananas', 2.3, 0],
      ['bread', 1, 50],
      ['spinach', 1, 0],
      ['coffee', 1, 0],
      ['paper-towels', 1, 0],
    ],
  },
  {
    store: 'valuegrocer-westgate',
    daysAgo: 15,
    time: '10:05',
    payment: 'Debit ****1177',
    lines: [
      ['chicken', 2.1, 0],
      ['rice', 1, 0],
      ['black-beans', 3, 0],
      ['onions', 1, 0],
      ['tortillas', 1, 0],
      ['salsa', 1, 0],
    ],
  },
  {
    store: 'freshmart-downtown',
    daysAgo: 29,
    time: '18:20',
    payment: 'Visa ****4821',
    lines: [
      ['milk', 1, 0],
      ['yogurt', 1, 100],
      ['cheddar', 2, 0],
      ['apples', 3.2, 0],
      ['pasta', 2, 0],
      ['marinara', 1, 0],
      ['dish-soap', 1, 0],
    ],
  },
  {
    store: 'greenleaf-monroe',
    daysAgo: 45,
    time: '12:31',
    payment: 'Cash',
    lines: [
      ['salmon', 1.4, 0],
      ['strawberries', 1, 0],
      ['avocados', 3, 0],
      ['lemons', 2, 0],
      ['sparkling-water', 1, 0],
    ],
  },
  {
    store: 'valuegrocer-westgate',
    daysAgo: 62,
    time: '09:48',
    payment: 'Debit ****1177',
    lines: [
      ['ground-beef', 1.2, 0],
      ['potatoes', 1, 0],
      ['carrots', 1, 0],
      ['butter', 1, 0],
      ['oats', 1, 75],
      ['orange-juice', 1, 0],
      ['chips', 1, 0],
      ['eggs', 1, 0],
    ],
  },
  {
    store: 'coop-willy',
    daysAgo: 83,
    time: '16:10',
    payment: 'Visa ****4821',
    lines: [
      ['coffee', 1, 0],
      ['tea', 1, 0],
      ['peanut-butter', 1, 0],
      ['bagels', 1, 0],
      ['frozen-peas', 2, 0],
      ['broth', 2, 0],
    ],
  },
];

/** Six receipts over the last three months; totals always equal the items' sum plus tax. */
export async function seedReceipts(
  db: Kysely<Database>,
  input: { shopperId: string; stores: SeededStores; products: SeededProducts; now: Date; random: () => number },
): Promise<string[]> {
  const { shopperId, stores, products, now, random } = input;
  const ids: string[] = [];
  for (const seed of RECEIPTS) {
    const store = stores.byKey(seed.store);
    const purchasedOn = toIsoDay(addDaysTo(now, -seed.daysAgo));
    const createdAt = addDaysTo(now, -seed.daysAgo).toISOString();
    const receiptId = createId();
    const items = seed.lines.map(([key, quantity, discount], position) => {
      const product = products.byKey(key);
      const unitPrice = priceAt(product, store, (random() - 0.5) * 0.06);
      const price = Math.round(unitPrice * quantity);
      return { product, position, quantity, unitPrice, price, discount };
    });
    const subtotal = items.reduce((sum, item) => sum + item.price - item.discount, 0);
    const taxable = items
      .filter((item) => TAXABLE_CATEGORIES.has(item.product.category))
      .reduce((sum, item) => sum + item.price - item.discount, 0);
    const tax = Math.round(taxable * TAX_RATE);
    await db
      .insertInto('receipts')
      .values({
        id: receiptId,
        user_id: shopperId,
        store_id: store.id,
        store_name: store.chainName,
        store_address: `${store.address}, ${store.city}`,
        purchased_on: purchasedOn,
        purchased_time: seed.time,
        subtotal_cents: subtotal,
        tax_cents: tax,
        total_cents: subtotal + tax,
        payment: seed.payment,
        source: 'manual',
        image_key: null,
        raw_text: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    await db
      .insertInto('receipt_items')
      .values(
        items.map((item) => ({
          id: createId(),
          receipt_id: receiptId,
          position: item.position,
          name: item.product.name,
          quantity: item.quantity,
          unit: Number.isInteger(item.quantity) ? null : item.product.unit,
          unit_price_cents: item.unitPrice,
          price_cents: item.price,
          discount_cents: item.discount,
          category: item.product.category,
          product_id: item.product.id,
          created_at: createdAt,
        })),
      )
      .execute();
    // What the shopper paid is a price observation too, as a processed receipt would record it.
    await db
      .insertInto('price_observations')
      .values(
        items.map((item) => ({
          id: createId(),
          product_id: item.product.id,
          store_id: store.id,
          observed_on: purchasedOn,
          unit_price_cents: item.unitPrice,
          size_value: item.product.size,
          size_unit: item.product.unit,
          is_deal: 0,
          source: 'receipt',
          source_id: receiptId,
          user_id: shopperId,
          created_at: createdAt,
        })),
      )
      .execute();
    ids.push(receiptId);
  }
  return ids;
}
