import type { Deps } from '../app-types';
import { createDemoAccounts, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD, DEMO_SHOPPER_EMAIL } from './accounts';
import { seedDeals } from './deals';
import { seedPriceObservations } from './prices';
import { seedProducts } from './products';
import { seedPromotions } from './promotions';
import { createRandom } from './random';
import { seedReceipts } from './receipts';
import { seedShopperData } from './shopper';
import { seedStores } from './stores';

/** A fixed seed keeps demo prices identical between runs, so tests and screenshots are stable. */
const RANDOM_SEED = 20261122;

export interface SeededDemo {
  operatorId: string;
  shopperId: string;
  chainIds: Record<string, string>;
  storeIds: string[];
  productIds: Record<string, string>;
  priceObservationCount: number;
  approvedDealIds: string[];
  pendingDealIds: string[];
  promotionIds: string[];
  listIds: string[];
  pantryIds: string[];
  receiptIds: string[];
}

/** Seeds the whole demo (accounts, catalogue, prices, deals, the shopper's data). Always seeds: call it on an empty database. */
export async function seedDemo(app: Deps<'auth' | 'database' | 'db' | 'log'>, options: { now?: Date } = {}): Promise<SeededDemo> {
  const now = options.now ?? new Date();
  const random = createRandom(RANDOM_SEED);
  const { operatorId, shopperId } = await createDemoAccounts(app, now);
  const seeded = await app.db.transaction().execute(async (db) => {
    const createdAt = now.toISOString();
    const stores = await seedStores(db, createdAt);
    const products = await seedProducts(db, createdAt);
    const priceObservationCount = await seedPriceObservations(db, { products: products.products, stores: stores.stores, now, random });
    const deals = await seedDeals(db, { stores, products, operatorId, shopperId, now });
    const promotionIds = await seedPromotions(db, { stores, products, now });
    const shopper = await seedShopperData(db, { shopperId, operatorId, stores, products, now });
    const receiptIds = await seedReceipts(db, { shopperId, stores, products, now, random });
    return {
      chainIds: stores.chainIds,
      storeIds: stores.stores.map((s) => s.id),
      productIds: Object.fromEntries(products.products.map((p) => [p.key, p.id])),
      priceObservationCount,
      approvedDealIds: deals.approvedIds,
      pendingDealIds: deals.pendingIds,
      promotionIds,
      listIds: shopper.listIds,
      pantryIds: shopper.pantryIds,
      receiptIds,
    };
  });
  app.log.info(
    {
      operator: { email: DEMO_OPERATOR_EMAIL, password: DEMO_PASSWORD },
      shopper: { email: DEMO_SHOPPER_EMAIL, password: DEMO_PASSWORD },
    },
    `demo seeded: sign in as ${DEMO_SHOPPER_EMAIL} or ${DEMO_OPERATOR_EMAIL} (admin), password ${DEMO_PASSWORD}`,
  );
  return { operatorId, shopperId, ...seeded };
}

/** Seeds the demo on an empty database so a newcomer sees a living product; a database with any profile is left alone. */
export async function seedDemoIfEmpty(app: Deps<'auth' | 'database' | 'db' | 'log'>): Promise<void> {
  const existing = await app.db.selectFrom('profiles').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  try {
    await seedDemo(app);
  } catch (err) {
    // The demo is a convenience: a failed seed (say, a second instance seeding the same database) must not stop the app.
    app.log.error({ err }, 'demo seed failed; starting without demo data');
  }
}
