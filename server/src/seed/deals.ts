import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId } from '../db/ids';
import { addDaysTo, toIsoDay } from '@cartwise/contracts';
import type { SeededProducts } from './products';
import type { SeededStores } from './stores';

interface DealSeed {
  product: string;
  /** null: a deal nobody tied to a store, listed under the Unknown chain. */
  store: string | null;
  title: string;
  description: string;
  original: number;
  sale: number;
  startsInDays: number;
  endsInDays: number;
}

const APPROVED: DealSeed[] = [
  {
    product: 'milk',
    store: 'freshmart-downtown',
    title: 'Whole Milk, 1 gal',
    description: 'Weekly special, limit 2 per customer.',
    original: 429,
    sale: 329,
    startsInDays: -2,
    endsInDays: 5,
  },
  {
    product: 'chicken',
    store: 'valuegrocer-westgate',
    title: 'Boneless Chicken Breast, per lb',
    description: 'Family packs only.',
    original: 399,
    sale: 249,
    startsInDays: -1,
    endsInDays: 3,
  },
  {
    product: 'strawberries',
    store: 'greenleaf-hilldale',
    title: 'Strawberries, 1 lb',
    description: 'Local berries while supplies last.',
    original: 449,
    sale: 299,
    startsInDays: -3,
    endsInDays: 6,
  },
  {
    product: 'coffee',
    store: 'coop-willy',
    title: 'Lakeside Roasters Ground Coffee, 12 oz',
    description: 'Member price for everyone this week.',
    original: 849,
    sale: 599,
    startsInDays: 0,
    endsInDays: 10,
  },
  {
    product: 'pasta',
    store: 'freshmart-eastside',
    title: 'Bella Pasta Spaghetti, 1 lb',
    description: 'Stock-up sale on dry pasta.',
    original: 149,
    sale: 99,
    startsInDays: -4,
    endsInDays: 4,
  },
  {
    product: 'yogurt',
    store: null,
    title: 'Olympus Plain Greek Yogurt, 32 oz',
    description: 'Seen in a weekly flyer; store not given.',
    original: 549,
    sale: 399,
    startsInDays: -1,
    endsInDays: 7,
  },
];

const PENDING: DealSeed[] = [
  {
    product: 'avocados',
    store: 'valuegrocer-north',
    title: 'Hass Avocados, 4 for $4',
    description: 'Large avocados at the front display.',
    original: 129,
    sale: 100,
    startsInDays: 0,
    endsInDays: 6,
  },
  {
    product: 'peanut-butter',
    store: 'coop-atwood',
    title: 'Nutty Co Peanut Butter, buy one get one',
    description: 'Price per jar when buying two.',
    original: 329,
    sale: 165,
    startsInDays: 0,
    endsInDays: 9,
  },
];

export interface SeededDeals {
  approvedIds: string[];
  pendingIds: string[];
}

export async function seedDeals(
  db: Kysely<Database>,
  input: { stores: SeededStores; products: SeededProducts; operatorId: string; shopperId: string; now: Date },
): Promise<SeededDeals> {
  const { stores, products, operatorId, shopperId, now } = input;
  const createdAt = now.toISOString();
  const insert = async (seed: DealSeed, isApproved: boolean, submittedBy: string): Promise<string> => {
    const id = createId();
    const product = products.byKey(seed.product);
    const storeId = seed.store ? stores.byKey(seed.store).id : null;
    await db
      .insertInto('deals')
      .values({
        id,
        submitted_by: submittedBy,
        title: seed.title,
        description: seed.description,
        sale_price_cents: seed.sale,
        original_price_cents: seed.original,
        store_id: storeId,
        product_id: product.id,
        category: product.category,
        starts_on: toIsoDay(addDaysTo(now, seed.startsInDays)),
        ends_on: toIsoDay(addDaysTo(now, seed.endsInDays)),
        status: isApproved ? 'approved' : 'pending',
        moderated_by: isApproved ? operatorId : null,
        moderated_at: isApproved ? createdAt : null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    if (isApproved && storeId) {
      // An approved deal is also a price seen at that store today, so the optimiser can use it.
      await db
        .insertInto('price_observations')
        .values({
          id: createId(),
          product_id: product.id,
          store_id: storeId,
          observed_on: toIsoDay(now),
          unit_price_cents: seed.sale,
          size_value: product.size,
          size_unit: product.unit,
          is_deal: 1,
          source: 'deal',
          source_id: id,
          user_id: null,
          created_at: createdAt,
        })
        .execute();
    }
    return id;
  };
  const approvedIds: string[] = [];
  // The shopper found one of the live deals; the operator entered the rest from flyers.
  for (const [index, seed] of APPROVED.entries()) approvedIds.push(await insert(seed, true, index === 2 ? shopperId : operatorId));
  const pendingIds: string[] = [];
  for (const seed of PENDING) pendingIds.push(await insert(seed, false, shopperId));
  return { approvedIds, pendingIds };
}
