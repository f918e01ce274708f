import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId } from '../db/ids';
import { addDaysTo, toIsoDay } from '@cartwise/contracts';
import type { SeededProducts } from './products';
import type { SeededStores } from './stores';

interface PromotionSeed {
  store: string;
  products: string[];
  description: string;
  minQuantity: number;
  priceCents: number;
}

/**
 * Shelf multi-buys at the demo shopper's home stores, so the demo plan shows promotions: a group mixing two products
 * (the Party list's chips and salsa) and one the Party list stops one unit short of ("Add 1 more").
 */
const PROMOTIONS: PromotionSeed[] = [
  {
    store: 'freshmart-downtown',
    products: ['chips', 'salsa'],
    description: 'Any 2 La Casa chips or salsa for $5.00',
    minQuantity: 2,
    priceCents: 500,
  },
  {
    store: 'valuegrocer-westgate',
    products: ['frozen-pizza'],
    description: 'Pepperoni Pizza 4 for $15.00',
    minQuantity: 4,
    priceCents: 1500,
  },
];

/** The demo's promotions, valid from two days ago for four weeks; returns their ids. */
export async function seedPromotions(
  db: Kysely<Database>,
  input: { stores: SeededStores; products: SeededProducts; now: Date },
): Promise<string[]> {
  const { stores, products, now } = input;
  const ids: string[] = [];
  for (const seed of PROMOTIONS) {
    const id = createId();
    ids.push(id);
    await db
      .insertInto('promotions')
      .values({
        id,
        store_id: stores.byKey(seed.store).id,
        source_promotion_id: id,
        description: seed.description,
        min_quantity: seed.minQuantity,
        discounted_price_minor: seed.priceCents,
        discount_rate: null,
        min_purchase_minor: null,
        is_club_only: 0,
        is_coupon: 0,
        valid_from: toIsoDay(addDaysTo(now, -2)),
        valid_to: toIsoDay(addDaysTo(now, 28)),
        currency: 'USD',
        source: 'seed',
        updated_at: now.toISOString(),
      })
      .execute();
    await db
      .insertInto('promotion_products')
      .values(seed.products.map((key) => ({ promotion_id: id, product_id: products.byKey(key).id, store_id: stores.byKey(seed.store).id })))
      .execute();
  }
  return ids;
}
