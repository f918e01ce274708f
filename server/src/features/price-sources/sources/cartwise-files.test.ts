import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cartwiseCsvSource, cartwiseJsonSource, openPricesCsvSource } from './cartwise-files';
import { fileInput } from './feed-streams';
import { collectRecords, createTestContext, pricesOf, storesOf } from './source-test-kit';

const dir = mkdtempSync(join(tmpdir(), 'cartwise-files-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return fileInput(path);
};

describe('Cartwise and Open Prices CSV file sources', () => {
  it('reads the Cartwise CSV into stores and prices in the operator’s currency', async () => {
    const input = write(
      'a.csv',
      'product,brand,size,chain,store,address,city,price,date,is_deal\nMilk,Acme,1 l,FreshMart,FreshMart Downtown,1 Main St,Springfield,1.99,2026-11-01,1\nBread,,,FreshMart,FreshMart Downtown,1 Main St,Springfield,2.50,2026-11-01,0\n',
    );
    const records = await collectRecords(cartwiseCsvSource, input, createTestContext({ currency: 'EUR' }));
    expect(storesOf(records)).toEqual([
      expect.objectContaining({ chainName: 'FreshMart', name: 'FreshMart Downtown', currency: 'EUR', city: 'Springfield' }),
    ]);
    expect(pricesOf(records).map((p) => [p.product.name, p.priceMinor, p.kind, p.currency])).toEqual([
      ['Milk', 199, 'promotion', 'EUR'],
      ['Bread', 250, 'regular', 'EUR'],
    ]);
  });

  it('reads the Cartwise JSON and the Open Prices CSV export with its own currency', async () => {
    const json = write('a.json', JSON.stringify([{ product: 'Eggs', store: 'Corner', price: '3.10', date: '2026-11-02' }]));
    expect(pricesOf(await collectRecords(cartwiseJsonSource, json, createTestContext()))[0]).toMatchObject({
      priceMinor: 310,
      currency: 'USD',
    });
    const csv = write(
      'op.csv',
      'product_name,product_code,price,currency,date,location_osm_name,location_osm_address_city,location_id\nNutella,3017620422003,4.2,EUR,2025-07-01,Carrefour,Paris,12\n',
    );
    expect(pricesOf(await collectRecords(openPricesCsvSource, csv, createTestContext()))[0]).toMatchObject({
      priceMinor: 420,
      currency: 'EUR',
      product: { gtin: '3017620422003' },
    });
  });

  it('fails the whole file on a bad row, naming its line', async () => {
    const input = write('bad.csv', 'product,store,price,date\nMilk,Corner,1.99,2026-11-01\nBread,Corner,-1,2026-11-01\n');
    await expect(collectRecords(cartwiseCsvSource, input, createTestContext())).rejects.toThrow(/Line 3: price must be a positive number/);
  });
});
