import { PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { runPriceImport } from './import-pipeline';
import type { FeedPromotion, FeedRecord, PriceSource } from './price-source';

const t = registerTestApp();
const FAILING_PRICE = 6666;

// A real database error in the write pass: the trigger refuses one price row, as a full disk or a lost connection would.
beforeAll(async () => {
  if (t.app.db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE FUNCTION fail_injected_price() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`.execute(t.app.db);
    await sql`CREATE TRIGGER fail_injected_price BEFORE INSERT ON price_observations FOR EACH ROW
      WHEN (NEW.unit_price_cents = ${sql.lit(FAILING_PRICE)}) EXECUTE FUNCTION fail_injected_price()`.execute(t.app.db);
  } else {
    await sql`CREATE TRIGGER fail_injected_price BEFORE INSERT ON price_observations
      WHEN NEW.unit_price_cents = ${sql.lit(FAILING_PRICE)} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`.execute(t.app.db);
  }
});
afterAll(async () => {
  await sql`DROP TRIGGER fail_injected_price${sql.raw(t.app.db.getExecutor().adapter instanceof PostgresAdapter ? ' ON price_observations' : '')}`.execute(
    t.app.db,
  );
});

const store = (ref: string): FeedRecord => ({
  type: 'store',
  store: { sourceRef: ref, chainRef: 'test:undo', chainName: 'Undo', name: ref, isOnline: false, currency: 'EUR' },
});
const price = (ref: string, code: string, priceMinor: number, observedOn: string): FeedRecord => ({
  type: 'price',
  price: { storeRef: ref, product: { name: `Item ${code}`, internalCode: code }, priceMinor, currency: 'EUR', kind: 'regular', observedOn },
});
const promotion = (ref: string, promotionId: string, codes: string[], discountedPriceMinor: number): FeedRecord => {
  const terms: FeedPromotion = {
    storeRef: ref,
    promotionId,
    description: `Deal ${promotionId}`,
    products: codes.map((code) => ({ name: `Item ${code}`, internalCode: code })),
    minQuantity: 2,
    discountedPriceMinor,
    discountRate: null,
    minPurchaseMinor: null,
    isClubOnly: false,
    isCoupon: false,
    validFrom: '2026-11-01',
    validTo: '2026-11-30',
    currency: 'EUR',
  };
  return { type: 'promotion', promotion: terms };
};

function createSource(files: Record<string, FeedRecord[]>): { source: PriceSource; inputs: { name: string; open(): Promise<never> }[] } {
  const source: PriceSource = {
    id: 'test-undo',
    label: 'Test undo',
    async *read(input) {
      yield* files[input.name] ?? [];
    },
  };
  return { source, inputs: Object.keys(files).map((name) => ({ name, open: () => Promise.reject(new Error('not opened')) })) };
}

/** Everything of one store a shopper or a plan could see: its price rows, price summaries and promotions. */
async function readStoreState(ref: string) {
  const db = t.app.db;
  const storeId = (await db.selectFrom('store_locations').select('id').where('source_ref', '=', ref).executeTakeFirstOrThrow()).id;
  const prices = await db
    .selectFrom('price_observations')
    .select(['product_id', 'unit_price_cents', 'observed_on'])
    .where('store_id', '=', storeId)
    .orderBy('product_id')
    .orderBy('observed_on')
    .execute();
  const summaries = await db
    .selectFrom('price_summaries')
    .select(['product_id', 'observation_count', 'latest_observed_on'])
    .where('store_id', '=', storeId)
    .orderBy('product_id')
    .execute();
  const promotions = await db
    .selectFrom('promotions')
    .select(['id', 'source_promotion_id', 'description', 'discounted_price_minor', 'min_quantity', 'is_club_only', 'valid_to'])
    .where('store_id', '=', storeId)
    .orderBy('source_promotion_id')
    .execute();
  const covered = await db
    .selectFrom('promotion_products')
    .innerJoin('promotions', 'promotions.id', 'promotion_products.promotion_id')
    // The row's copy of its promotion's store is what a plan looks promotions up by.
    .select(['promotions.source_promotion_id', 'promotion_products.product_id', 'promotion_products.store_id'])
    .where('promotions.store_id', '=', storeId)
    .orderBy('promotions.source_promotion_id')
    .orderBy('promotion_products.product_id')
    .execute();
  return { storeId, prices, summaries, promotions, covered };
}

describe('a file whose writing fails part-way', () => {
  it('leaves nothing of it behind, restores the promotions it changed, and imports the other files', async () => {
    const codes = ['A1', 'A2', 'A3', 'A4', 'A5'];
    const day1 = createSource({
      day1: [
        store('undo:1'),
        ...codes.map((code, i) => price('undo:1', code, 100 * (i + 1), '2026-11-01')),
        promotion('undo:1', 'X', ['A1', 'A2'], 150),
        promotion('undo:1', 'Y', ['A3'], 500),
      ],
    });
    expect(await runPriceImport(t.app, { ...day1, chunkSize: 3 })).toMatchObject({ status: 'succeeded', prices: 5, promotions: 2 });
    const before = await readStoreState('undo:1');
    expect(before.prices).toHaveLength(5);
    expect(before.promotions).toHaveLength(2);
    expect(before.covered.map((row) => row.store_id)).toEqual([before.storeId, before.storeId, before.storeId]);

    // Chunks of two: the changed promotion X and the new Z are written in chunks 1 and 2, changed prices in 2 to 4,
    // a new product in chunk 4, and the failing row in chunk 5.
    const day2 = createSource({
      'day2-store1': [
        store('undo:1'),
        promotion('undo:1', 'X', ['A1', 'A3'], 140),
        promotion('undo:1', 'Z', ['A4'], 700),
        ...codes.map((code, i) => price('undo:1', code, 100 * (i + 1) + 1, '2026-11-02')),
        price('undo:1', 'A6', 900, '2026-11-02'),
        price('undo:1', 'A7', FAILING_PRICE, '2026-11-02'),
        price('undo:1', 'A8', 800, '2026-11-02'),
      ],
      'day2-store2': [store('undo:2'), price('undo:2', 'A6', 905, '2026-11-02'), price('undo:2', 'A1', 99, '2026-11-02')],
    });
    // On SQLite through the server's write thread, so its undo is the thread's too.
    const result = await runPriceImport(t.app, { ...day2, chunkSize: 2, sqliteFile: t.app.database.sqlitePath });
    expect(result).toMatchObject({ status: 'partial', files: 1, prices: 2, promotions: 0, stores: 1 });
    expect(result.errors).toEqual([{ file: 'day2-store1', message: expect.stringMatching(/injected failure/) }]);
    expect(await readStoreState('undo:1')).toEqual(before);
    const other = await readStoreState('undo:2');
    expect(other.prices.map((row) => row.unit_price_cents).sort()).toEqual([905, 99].sort());
    expect(other.summaries).toHaveLength(2);
  });
});
