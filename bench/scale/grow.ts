// Grows a Cartwise database to a target size with other people's data: shoppers (user, profile, session), stores,
// products, receipts with their store and two lines each, price observations spread over six months, and approved
// community deals.
// The demo shopper's own data is never touched, so their endpoints should not slow down as everyone else's grows.
import crypto from 'node:crypto';
import type { App } from '../../server/src/app-types';
import { toIsoDay } from '@cartwise/contracts';

export interface ScaleTarget {
  users: number;
  stores: number;
  products: number;
  receipts: number;
  observations: number;
  deals: number;
}

const NOUNS = [
  'Milk',
  'Bread',
  'Eggs',
  'Rice',
  'Oats',
  'Butter',
  'Cheddar',
  'Yogurt',
  'Apples',
  'Bananas',
  'Tomatoes',
  'Pasta',
  'Coffee',
  'Tea',
  'Chicken Breast',
  'Salmon',
  'Spinach',
  'Onions',
  'Potatoes',
  'Olive Oil',
  'Flour',
  'Sugar',
  'Cereal',
  'Orange Juice',
  'Peanut Butter',
  'Honey',
  'Beans',
  'Lentils',
  'Carrots',
  'Lettuce',
];
const KINDS = [
  'Organic',
  'Whole',
  'Light',
  'Free Range',
  'Wholegrain',
  'Classic',
  'Fresh',
  'Smoked',
  'Greek',
  'Large',
  'Family',
  'Value',
  'Premium',
  'Mini',
  'Spicy',
];
const BRANDS = ['Acme', 'Harvest', 'Golden Field', 'Blue Hill', 'Nordic', 'Sunny Farm', null];
const CATEGORIES = ['dairy', 'bakery', 'produce', 'pantry', 'meat', 'drinks', 'frozen'];
const CITIES = ['Springfield', 'Riverton', 'Lakeside', 'Hillview', 'Brookfield'];
const DAY_MS = 86_400_000;

/** A small deterministic generator, so two runs grow the same data. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

async function countRows(
  app: App,
  table: 'profiles' | 'store_locations' | 'products' | 'receipts' | 'price_observations' | 'deals',
): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts rows in batches small enough for both databases' parameter limits. */
async function insertInBatches<T extends object>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  const size = Math.max(1, Math.floor(2000 / Math.max(1, Object.keys(rows[0] ?? { a: 1 }).length)));
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const isoDay = (time: number) => toIsoDay(time);

export async function growTo(app: App, target: ScaleTarget, seed: number): Promise<void> {
  const random = createRandom(seed);
  const now = Date.now();
  const isPostgres = app.database.kind === 'postgres';
  const authDate = (time: number) => (isPostgres ? new Date(time) : new Date(time).toISOString());
  const no = isPostgres ? false : 0;
  const db = app.db;

  const users = target.users - (await countRows(app, 'profiles'));
  if (users > 0) {
    const people = Array.from({ length: users }, () => {
      const id = crypto.randomUUID();
      const created = now - random.int(84) * DAY_MS - random.int(DAY_MS);
      return { id, created, email: `shopper-${id.slice(0, 12)}@scale.test` };
    });
    await insertInBatches(people, (batch) =>
      db
        .insertInto('user')
        .values(
          batch.map((p) => ({
            id: p.id,
            email: p.email,
            name: 'Scale shopper',
            emailVerified: no,
            phoneNumber: null,
            twoFactorEnabled: no,
            createdAt: authDate(p.created),
            updatedAt: authDate(p.created),
          })),
        )
        .execute(),
    );
    await insertInBatches(people, (batch) =>
      db
        .insertInto('profiles')
        .values(
          batch.map((p) => {
            const status = random.pick(['trial', 'trial', 'active', 'expired', 'free']);
            const trialEnds = new Date(p.created + (random.next() < 0.5 ? 180 : 14) * DAY_MS).toISOString();
            return {
              id: p.id,
              email: p.email,
              subscription_status: status,
              trial_started_at: new Date(p.created).toISOString(),
              trial_ends_at: trialEnds,
              created_at: new Date(p.created).toISOString(),
              updated_at: new Date(p.created).toISOString(),
            };
          }),
        )
        .execute(),
    );
    await insertInBatches(people, (batch) =>
      db
        .insertInto('session')
        .values(
          batch.map((p) => {
            const seen = now - random.int(30) * DAY_MS;
            return {
              id: crypto.randomUUID(),
              userId: p.id,
              token: crypto.randomBytes(24).toString('hex'),
              expiresAt: authDate(seen + 7 * DAY_MS),
              createdAt: authDate(seen),
              updatedAt: authDate(seen),
            };
          }),
        )
        .execute(),
    );
  }

  const chains = await db.selectFrom('store_chains').select('id').execute();
  const stores = target.stores - (await countRows(app, 'store_locations'));
  if (stores > 0) {
    const rows = Array.from({ length: stores }, (_, i) => ({
      id: crypto.randomUUID(),
      chain_id: random.pick(chains).id,
      name: `Market ${random.pick(CITIES)} ${i + 1}`,
      address: `${1 + random.int(400)} Main Street`,
      city: random.pick(CITIES),
      created_by: null,
      created_at: new Date(now).toISOString(),
    }));
    await insertInBatches(rows, (batch) => db.insertInto('store_locations').values(batch).execute());
  }

  const products = target.products - (await countRows(app, 'products'));
  if (products > 0) {
    const rows = Array.from({ length: products }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `${random.pick(KINDS)} ${random.pick(NOUNS)} ${i + 1}`,
      brand: random.pick(BRANDS),
      category: random.pick(CATEGORIES),
      size_value: 100 * (1 + random.int(20)),
      size_unit: random.pick(['g', 'ml']),
      created_at: new Date(now).toISOString(),
    }));
    await insertInBatches(rows, (batch) => db.insertInto('products').values(batch).execute());
  }

  const storeRows = await db.selectFrom('store_locations').select(['id', 'name']).execute();
  const productIds = (await db.selectFrom('products').select('id').execute()).map((r) => r.id);
  const others = (await db.selectFrom('profiles').select('id').where('email', 'like', '%@scale.test').execute()).map((r) => r.id);

  const receipts = target.receipts - (await countRows(app, 'receipts'));
  if (receipts > 0 && others.length > 0) {
    const rows = Array.from({ length: receipts }, () => {
      const store = random.pick(storeRows);
      const created = now - random.int(120) * DAY_MS - random.int(DAY_MS);
      return {
        id: crypto.randomUUID(),
        user_id: random.pick(others),
        store_id: store.id,
        store_name: store.name,
        purchased_on: isoDay(created),
        total_cents: 500 + random.int(15_000),
        source: 'manual',
        created_at: new Date(created).toISOString(),
        updated_at: new Date(created).toISOString(),
      };
    });
    await insertInBatches(rows, (batch) => db.insertInto('receipts').values(batch).execute());
    // Two lines each, so a shopper's spend by category has other people's lines beside their own to skip.
    const lines = rows.flatMap((receipt) =>
      [0, 1].map((position) => ({
        id: crypto.randomUUID(),
        receipt_id: receipt.id,
        position,
        name: `${random.pick(KINDS)} ${random.pick(NOUNS)}`,
        quantity: 1,
        price_cents: 100 + random.int(1_500),
        category: random.pick(CATEGORIES),
        product_id: random.pick(productIds),
        created_at: receipt.created_at,
      })),
    );
    await insertInBatches(lines, (batch) => db.insertInto('receipt_items').values(batch).execute());
  }

  const observations = target.observations - (await countRows(app, 'price_observations'));
  if (observations > 0) {
    const rows = Array.from({ length: observations }, () => {
      const observed = now - random.int(180) * DAY_MS;
      return {
        id: crypto.randomUUID(),
        product_id: random.pick(productIds),
        store_id: random.pick(storeRows).id,
        observed_on: isoDay(observed),
        unit_price_cents: 50 + random.int(2_000),
        is_deal: random.next() < 0.05 ? 1 : 0,
        source: 'receipt',
        user_id: others.length > 0 ? random.pick(others) : null,
        created_at: new Date(observed).toISOString(),
      };
    });
    await insertInBatches(rows, (batch) => db.insertInto('price_observations').values(batch).execute());
  }

  const deals = target.deals - (await countRows(app, 'deals'));
  if (deals > 0 && others.length > 0) {
    const rows = Array.from({ length: deals }, () => {
      const starts = now - random.int(20) * DAY_MS;
      const isApproved = random.next() < 0.7;
      return {
        id: crypto.randomUUID(),
        submitted_by: random.pick(others),
        title: `${random.pick(KINDS)} ${random.pick(NOUNS)}`,
        sale_price_cents: 100 + random.int(900),
        original_price_cents: 1_200,
        store_id: random.pick(storeRows).id,
        product_id: random.pick(productIds),
        category: random.pick(CATEGORIES),
        starts_on: isoDay(starts),
        ends_on: isoDay(starts + (5 + random.int(40)) * DAY_MS),
        status: isApproved ? 'approved' : 'pending',
        created_at: new Date(starts).toISOString(),
        updated_at: new Date(starts).toISOString(),
      };
    });
    await insertInBatches(rows, (batch) => db.insertInto('deals').values(batch).execute());
  }
}
