import { beforeAll, describe, expect, it } from 'vitest';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { findLatestQuotes, findOrCreateStore } from './pricebook.repo';

const t = registerTestApp();
const ids = { milk: createId(), eggs: createId(), bread: createId(), tea: createId(), north: createId(), south: createId() };

async function observe(
  productId: string,
  storeId: string,
  observedOn: string,
  cents: number,
  options: { isDeal?: boolean; createdAt?: string } = {},
) {
  await t.app.db
    .insertInto('price_observations')
    .values({
      id: createId(),
      product_id: productId,
      store_id: storeId,
      observed_on: observedOn,
      unit_price_cents: cents,
      size_value: null,
      size_unit: null,
      is_deal: options.isDeal ? 1 : 0,
      source: 'import',
      source_id: null,
      user_id: null,
      created_at: options.createdAt ?? nowIso(),
    })
    .execute();
}

beforeAll(async () => {
  const now = nowIso();
  for (const [name, id] of [
    ['Milk', ids.milk],
    ['Eggs', ids.eggs],
    ['Bread', ids.bread],
    ['Tea', ids.tea],
  ] as const) {
    await t.app.db
      .insertInto('products')
      .values({ id, name, brand: null, size_value: null, size_unit: null, category: null, created_at: now })
      .execute();
  }
  for (const [name, id] of [
    ['North', ids.north],
    ['South', ids.south],
  ] as const) {
    await t.app.db
      .insertInto('store_locations')
      .values({ id, chain_id: null, name, address: '', city: '', created_by: null, created_at: now })
      .execute();
  }
  // Milk at North: years of history; the newest regular price wins over an older one and a newer deal.
  await observe(ids.milk, ids.north, '2024-01-05', 310);
  await observe(ids.milk, ids.north, '2026-10-01', 399);
  await observe(ids.milk, ids.north, '2026-11-01', 250, { isDeal: true });
  // An observation after the planning date is not known yet on that date.
  await observe(ids.milk, ids.north, '2026-12-24', 100);
  // Eggs at South: only a past deal price, used as the fallback.
  await observe(ids.eggs, ids.south, '2026-09-01', 199, { isDeal: true });
  // Bread at North: two prices on the same day; the one recorded last counts.
  await observe(ids.bread, ids.north, '2026-11-10', 280, { createdAt: '2026-11-10T08:00:00.000Z' });
  await observe(ids.bread, ids.north, '2026-11-10', 260, { createdAt: '2026-11-10T18:00:00.000Z' });
  // Tea at South is priced, but South is not asked for below.
  await observe(ids.tea, ids.south, '2026-11-01', 500);
});

describe('findLatestQuotes', () => {
  it('keeps, per product and store, the newest regular price up to the date, else the newest deal price', async () => {
    const quotes = await findLatestQuotes(t.app.db, {
      productIds: [ids.milk, ids.eggs, ids.bread, ids.tea],
      storeIds: [ids.north, ids.south],
      onDate: '2026-11-20',
    });
    const byPair = new Map(quotes.map((q) => [`${q.productId}|${q.storeId}`, q]));
    expect(byPair.get(`${ids.milk}|${ids.north}`)).toMatchObject({ unitPriceCents: 399, observedOn: '2026-10-01', isDeal: false });
    expect(byPair.get(`${ids.eggs}|${ids.south}`)).toMatchObject({ unitPriceCents: 199, isDeal: true });
    expect(byPair.get(`${ids.bread}|${ids.north}`)).toMatchObject({ unitPriceCents: 260 });
    expect(byPair.get(`${ids.tea}|${ids.south}`)).toMatchObject({ unitPriceCents: 500 });
    expect(quotes).toHaveLength(4);
  });

  it('only answers for the stores and products asked about, and sees later prices on a later date', async () => {
    const quotes = await findLatestQuotes(t.app.db, { productIds: [ids.milk, ids.tea], storeIds: [ids.north], onDate: '2026-12-31' });
    expect(quotes).toEqual([
      expect.objectContaining({ productId: ids.milk, storeId: ids.north, unitPriceCents: 100, observedOn: '2026-12-24' }),
    ]);
  });
});

describe('findOrCreateStore (price import)', () => {
  it('takes the oldest store of a name for a row without an address, as a shopper typing the name does', async () => {
    const [older, newer] = [createId(), createId()];
    // Inserted newest first, so the order of the rows alone does not give the answer.
    for (const [id, createdAt] of [
      [newer, '2026-06-01T00:00:00.000Z'],
      [older, '2025-01-01T00:00:00.000Z'],
    ] as const) {
      await t.app.db
        .insertInto('store_locations')
        .values({ id, chain_id: null, name: 'Twin Mart', address: 'somewhere', city: '', created_by: null, created_at: createdAt })
        .execute();
    }
    const found = await t.app.db
      .transaction()
      .execute((trx) => findOrCreateStore(trx, { name: 'twin mart', chainId: null, address: '', city: '', createdBy: null }));
    expect(found).toEqual({ id: older, isNew: false });
  });
});
