import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId } from '../db/ids';
import { insertList } from './lists';
import { addDaysTo, toIsoDay } from '@cartwise/contracts';
import type { SeededProducts } from './products';
import type { SeededStores } from './stores';

// [product key, quantity, unit, note, accepts substitutes]
type ListRow = [string, number, string | null, string, boolean];

const WEEKLY_SHOP: ListRow[] = [
  ['milk', 1, 'gal', '', false],
  ['eggs', 1, 'dozen', 'Free range if on sale', true],
  ['bread', 1, null, 'Whole wheat', true],
  ['bananas', 2, 'lb', 'Not too ripe', false],
  ['chicken', 2, 'lb', 'For Tuesday stir-fry', true],
  ['rice', 1, null, '', true],
  ['spinach', 1, null, '', true],
  ['cheddar', 1, null, 'Sharp', false],
  ['coffee', 1, null, 'Medium roast, ground', false],
  ['yogurt', 1, null, 'Plain', true],
];

const PARTY: ListRow[] = [
  ['chips', 2, null, 'Big bags', true],
  ['salsa', 2, null, 'One mild, one medium', true],
  ['sparkling-water', 2, null, 'Lime or plain', true],
  ['frozen-pizza', 3, null, '', true],
];

// [product key, qty, unit, days until expiry (null: does not expire)]
type PantryRow = [string, number, string, number | null];

const PANTRY: PantryRow[] = [
  ['rice', 1, 'bag', null],
  ['pasta', 2, 'box', null],
  ['peanut-butter', 1, 'jar', 120],
  ['black-beans', 3, 'can', 400],
  ['olive-oil', 1, 'bottle', 300],
  ['eggs', 8, 'ct', 9],
  ['milk', 0.5, 'gal', 3],
  ['yogurt', 1, 'tub', -1],
];

export interface SeededShopperData {
  listIds: string[];
  pantryIds: string[];
}

/** The demo shopper's lists, pantry, home stores and notification defaults. */
export async function seedShopperData(
  db: Kysely<Database>,
  input: { shopperId: string; operatorId: string; stores: SeededStores; products: SeededProducts; now: Date },
): Promise<SeededShopperData> {
  const { shopperId, operatorId, stores, products, now } = input;
  const listIds = [
    await insertProductList(db, { userId: shopperId, name: 'Weekly shop', rows: WEEKLY_SHOP, products, createdAt: addDaysTo(now, -20) }),
    await insertProductList(db, { userId: shopperId, name: 'Party', rows: PARTY, products, createdAt: addDaysTo(now, -2) }),
  ];

  const pantryIds: string[] = [];
  for (const [key, qty, unit, expiresIn] of PANTRY) {
    const product = products.byKey(key);
    const id = createId();
    pantryIds.push(id);
    const createdAt = addDaysTo(now, -10).toISOString();
    await db
      .insertInto('pantry_items')
      .values({
        id,
        user_id: shopperId,
        name: product.name,
        qty,
        unit,
        expires_on: expiresIn === null ? null : toIsoDay(addDaysTo(now, expiresIn)),
        product_id: product.id,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  }

  const homeStores = [stores.byKey('freshmart-downtown'), stores.byKey('valuegrocer-westgate')];
  await db
    .insertInto('user_home_stores')
    .values(homeStores.map((store) => ({ user_id: shopperId, store_id: store.id })))
    .execute();

  for (const userId of [shopperId, operatorId]) await ensureNotificationDefaults(db, userId, now.toISOString());
  return { listIds, pantryIds };
}

/** A list of seeded products, each item named and categorised as its product. */
function insertProductList(
  db: Kysely<Database>,
  input: { userId: string; name: string; rows: ListRow[]; products: SeededProducts; createdAt: Date },
): Promise<string> {
  const items = input.rows.map(([key, quantity, unit, note, acceptsSubstitutes]) => {
    const product = input.products.byKey(key);
    return { name: product.name, productId: product.id, category: product.category, quantity, unit, note, acceptsSubstitutes };
  });
  return insertList(db, { userId: input.userId, name: input.name, items, createdAt: input.createdAt });
}

/** Sign-up already creates the row; this only fills it in if an older account lacks one. */
async function ensureNotificationDefaults(db: Kysely<Database>, userId: string, updatedAt: string): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, unsubscribe_token: crypto.randomBytes(24).toString('hex'), updated_at: updatedAt })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
