import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { runPriceImport } from './import-pipeline';
import type { FeedRecord, PriceSource } from './price-source';
import { cartwiseCsvSource } from './sources/cartwise-files';
import { fileInput } from './sources/feed-streams';

const t = registerTestApp();
const dir = mkdtempSync(join(tmpdir(), 'price-keys-'));

async function priceOf(productName: string, storeName: string) {
  return t.app.db
    .selectFrom('price_observations')
    .innerJoin('products', 'products.id', 'price_observations.product_id')
    .innerJoin('store_locations', 'store_locations.id', 'price_observations.store_id')
    .select(['price_observations.product_id', 'price_observations.unit_price_cents', 'products.name'])
    .where('products.name', '=', productName)
    .where('store_locations.name', '=', storeName)
    .executeTakeFirst();
}

describe('products without a barcode or an item code', () => {
  it('matches a hand-made CSV row by name and brand, and imports the file whole', async () => {
    await t.app.db
      .insertInto('products')
      .values({
        id: 'known-oat-drink',
        name: 'Oat Drink',
        brand: 'Oatly',
        category: null,
        size_value: null,
        size_unit: null,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const path = join(dir, 'no-barcodes.csv');
    writeFileSync(
      path,
      'product,barcode,brand,chain,store,address,city,price,date,is_deal\n' +
        'oat drink,,OATLY,KeyMart,KeyMart North,1 North St,Springfield,2.10,2026-11-01,0\n' +
        'Rye bread,,,KeyMart,KeyMart North,1 North St,Springfield,2.50,2026-11-01,0\n' +
        'Rye bread,,,KeyMart,KeyMart South,9 South St,Springfield,2.40,2026-11-01,0\n' +
        'Whole milk,4006381333931,,KeyMart,KeyMart South,9 South St,Springfield,1.30,2026-11-01,0\n',
    );
    const result = await runPriceImport(t.app, { source: cartwiseCsvSource, inputs: [fileInput(path)], config: { currency: 'USD' } });
    expect(result).toMatchObject({ status: 'succeeded', files: 1, prices: 4, products: 3, errors: [] });
    expect(await priceOf('Oat Drink', 'KeyMart North')).toMatchObject({ product_id: 'known-oat-drink', unit_price_cents: 210 });
    const north = await priceOf('Rye bread', 'KeyMart North');
    const south = await priceOf('Rye bread', 'KeyMart South');
    expect(north?.unit_price_cents).toBe(250);
    expect(south).toMatchObject({ product_id: north?.product_id, unit_price_cents: 240 });
    expect(await priceOf('Whole milk', 'KeyMart South')).toMatchObject({ unit_price_cents: 130 });
  });

  it('fails a feed file with a keyless product before writing any of it, and imports the other files', async () => {
    const store = (ref: string): FeedRecord => ({
      type: 'store',
      store: { sourceRef: ref, chainRef: 'test:keys', chainName: 'Keys', name: ref, isOnline: false, currency: 'EUR' },
    });
    const price = (ref: string, name: string, internalCode: string | null): FeedRecord => ({
      type: 'price',
      price: {
        storeRef: ref,
        product: { name, internalCode },
        priceMinor: 199,
        currency: 'EUR',
        kind: 'regular',
        observedOn: '2026-11-01',
      },
    });
    const files: Record<string, FeedRecord[]> = {
      'keyless.feed': [store('test:keys:1'), price('test:keys:1', 'Coded', 'A1'), price('test:keys:1', 'Nameless code', null)],
      'good.feed': [store('test:keys:2'), price('test:keys:2', 'Coded', 'A1')],
    };
    const source: PriceSource = {
      id: 'test-keys',
      label: 'Test keys',
      async *read(input) {
        yield* files[input.name] ?? [];
      },
    };
    const inputs = Object.keys(files).map((name) => ({ name, open: () => Promise.reject(new Error('not opened')) }));
    const result = await runPriceImport(t.app, { source, inputs, chunkSize: 1 });
    expect(result).toMatchObject({ status: 'partial', files: 1, prices: 1 });
    expect(result.errors).toEqual([
      { file: 'keyless.feed', message: 'A price for "Nameless code" has neither a valid barcode nor an item code' },
    ]);
    const rows = await t.app.db.selectFrom('price_observations').select('source_id').where('source', '=', 'test-keys').execute();
    expect(rows.map((row) => row.source_id)).toEqual(['test:keys:2']);
  });
});
