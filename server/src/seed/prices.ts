import type { Insertable, Kysely } from 'kysely';
import type { Database, PriceObservationsTable } from '../db/schema';
import { createId } from '../db/ids';
import { addDaysTo, toIsoDay } from '@cartwise/contracts';
import { chunk, toShelfPrice } from './random';
import type { SeededProduct } from './products';
import type { SeededStore } from './stores';

const WEEKS = 8;
/** Share of product and store pairs a store does not carry at all. */
const NOT_STOCKED_RATE = 0.12;

/** The price a store asks for a product around a date: base x store level x a little weekly noise. */
export function priceAt(product: SeededProduct, store: SeededStore, noise: number): number {
  return toShelfPrice(product.basePrice * store.priceFactor * (1 + noise));
}

/** Weekly shelf prices for the last 8 weeks at every store that stocks the product; returns the row count. */
export async function seedPriceObservations(
  db: Kysely<Database>,
  input: { products: SeededProduct[]; stores: SeededStore[]; now: Date; random: () => number },
): Promise<number> {
  const { products, stores, now, random } = input;
  const createdAt = now.toISOString();
  const rows: Insertable<PriceObservationsTable>[] = [];
  for (const product of products) {
    for (const store of stores) {
      if (random() < NOT_STOCKED_RATE) continue;
      const weekday = Math.floor(random() * 7);
      for (let week = 0; week < WEEKS; week += 1) {
        const noise = (random() - 0.5) * 0.08;
        rows.push({
          id: createId(),
          product_id: product.id,
          store_id: store.id,
          observed_on: toIsoDay(addDaysTo(now, -(week * 7 + weekday))),
          unit_price_cents: priceAt(product, store, noise),
          size_value: product.size,
          size_unit: product.unit,
          is_deal: 0,
          source: 'seed',
          source_id: null,
          user_id: null,
          created_at: createdAt,
        });
      }
    }
  }
  for (const batch of chunk(rows, 200)) await db.insertInto('price_observations').values(batch).execute();
  return rows.length;
}
