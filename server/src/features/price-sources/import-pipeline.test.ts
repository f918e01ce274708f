import { productsApi, storesApi } from '@cartwise/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asUser, createUser } from '../../test/factories';
import { registerTestApp } from '../../test/test-app';
import { runPriceImport } from './import-pipeline';
import { fileInput } from './sources/feed-streams';
import { ilTransparencySource, listIlFiles } from './sources/il-transparency';
import { findSharedPrices } from './sources/source-test-kit';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
const dir = mkdtempSync(join(tmpdir(), 'price-import-'));
const CHAIN = '7290000000002';

function writePriceFile(name: string, items: [string, string][]): string {
  const path = join(dir, name);
  const rows = items.map(
    ([code, price]) => `<Item><ItemCode>${code}</ItemCode><ItemName>מוצר ${code} 500 גרם</ItemName><ItemPrice>${price}</ItemPrice></Item>`,
  );
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>${CHAIN}</ChainId><Items>\n${rows.join('\n')}\n</Items></Root>`,
  );
  return path;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('price import pipeline', () => {
  it('imports a file, keeps history only on change and counts an unchanged day', async () => {
    const day1 = writePriceFile(`PriceFull${CHAIN}-12-202608150600.xml`, [
      ['7290004131074', '6.90'],
      ['123', '2.50'],
    ]);
    const first = await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(day1)] });
    expect(first).toMatchObject({ status: 'succeeded', files: 1, stores: 1, products: 2, prices: 2, unchanged: 0, errors: [] });
    const store = await t.app.db
      .selectFrom('store_locations')
      .selectAll()
      .where('source_ref', '=', `il:${CHAIN}:12`)
      .executeTakeFirstOrThrow();
    expect(store).toMatchObject({ name: `${CHAIN} 12`, currency: 'ILS' });
    const again = await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(day1)] });
    expect(again).toMatchObject({ prices: 2, unchanged: 2 });
    const day2 = writePriceFile(`PriceFull${CHAIN}-12-202608160600.xml`, [
      ['7290004131074', '7.10'],
      ['123', '2.50'],
    ]);
    expect(await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(day2)] })).toMatchObject({ unchanged: 1 });
    const milk = await t.app.db
      .selectFrom('products')
      .select(['id', 'size_value', 'size_unit'])
      .where('barcode', '=', '7290004131074')
      .executeTakeFirstOrThrow();
    expect(milk).toMatchObject({ size_value: 500, size_unit: 'g' });
    const history = await t.app.db
      .selectFrom('price_observations')
      .select(['unit_price_cents', 'observed_on', 'currency', 'kind'])
      .where('product_id', '=', milk.id)
      .orderBy('observed_on')
      .execute();
    expect(history).toEqual([
      { unit_price_cents: 690, observed_on: '2026-08-15', currency: 'ILS', kind: 'regular' },
      { unit_price_cents: 710, observed_on: '2026-08-16', currency: 'ILS', kind: 'regular' },
    ]);
    const summary = await t.app.db.selectFrom('price_summaries').selectAll().where('product_id', '=', milk.id).executeTakeFirstOrThrow();
    expect(summary).toMatchObject({ observation_count: 2, latest_observed_on: '2026-08-16' });
    const shopper = await createUser(t.app);
    const stores = (await callRoute(t.app, storesApi.list, { headers: asUser(shopper) })).json();
    expect(stores.items.find((item) => item.source_ref === `il:${CHAIN}:12`)).toMatchObject({
      currency: 'ILS',
      is_online: false,
      lat: null,
      chain_id: store.chain_id,
    });
    const res = await callRoute(t.app, productsApi.history, { params: { id: milk.id }, headers: asUser(shopper) });
    const shown = res.json();
    expect(shown.stores[0]).toMatchObject({ storeRef: `il:${CHAIN}:12`, currency: 'ILS', latestPrice: 7.1 });
    expect(shown.observations.map((o) => [o.currency, o.kind])).toEqual([
      ['ILS', 'regular'],
      ['ILS', 'regular'],
    ]);
    // The chain's own code (no valid barcode) is kept per chain.
    const code = await t.app.db.selectFrom('product_codes').selectAll().where('code', '=', '123').execute();
    expect(code).toHaveLength(1);
  });

  it('fails a bad file whole, names its line and imports the others', async () => {
    const good = writePriceFile(`PriceFull${CHAIN}-13-202608150600.xml`, [['7290000066318', '5.80']]);
    const bad = writePriceFile(`PriceFull${CHAIN}-14-202608150600.xml`, [
      ['7290000066325', '3.00'],
      ['7290000066325', '-1'],
    ]);
    const result = await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(bad), fileInput(good)] });
    expect(result).toMatchObject({ status: 'partial', files: 1, prices: 1 });
    expect(result.errors).toEqual([{ file: bad, line: 4, message: expect.stringMatching(/negative|twice/) }]);
    const badStore = await t.app.db
      .selectFrom('store_locations')
      .select('id')
      .where('source_ref', '=', `il:${CHAIN}:14`)
      .executeTakeFirst();
    expect(badStore).toBeUndefined();
    const run = await t.app.db.selectFrom('price_source_runs').selectAll().where('id', '=', result.runId).executeTakeFirstOrThrow();
    expect(run.status).toBe('partial');
    expect(JSON.parse(run.errors)).toHaveLength(1);
  });

  it('imports the shared Israeli day end to end, promotions with their products', async () => {
    const inputs = await collect(listIlFiles(join(findSharedPrices(), 'israel/xml/2026-08-15')));
    const result = await runPriceImport(t.app, { source: ilTransparencySource, inputs, chunkSize: 2000 });
    expect(result).toMatchObject({ status: 'succeeded', files: 10, stores: 5, errors: [] });
    expect(result.prices).toBeGreaterThan(50_000);
    expect(result.promotions).toBeGreaterThan(3000);
    const promotion = await t.app.db
      .selectFrom('promotions')
      .innerJoin('store_locations', 'store_locations.id', 'promotions.store_id')
      .select(['promotions.id', 'discount_rate', 'is_coupon', 'promotions.currency'])
      .where('store_locations.source_ref', '=', 'il:7290027600007:413')
      .where('source_promotion_id', '=', '667573')
      .executeTakeFirstOrThrow();
    expect(promotion).toMatchObject({ discount_rate: 100, is_coupon: 1, currency: 'ILS' });
    const covered = await t.app.db.selectFrom('promotion_products').select('product_id').where('promotion_id', '=', promotion.id).execute();
    expect(covered).toHaveLength(1);
  }, 600_000);
});
