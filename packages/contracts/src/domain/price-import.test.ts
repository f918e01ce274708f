import { describe, expect, it } from 'vitest';
import { parsePriceImport } from './price-import';

describe('parsePriceImport', () => {
  it('reads the native CSV format and reports bad rows by line', () => {
    const csv = [
      'product,brand,size,category,chain,store,address,city,price,date,is_deal',
      'Whole milk,Dairy Best,1 gal,Dairy,FreshMart,FreshMart Downtown,1 Main St,Springfield,3.49,2026-11-01,0',
      'Eggs,,12 ct,Dairy,FreshMart,FreshMart Downtown,1 Main St,Springfield,-1,2026-11-01,0',
      '"Bread, sourdough",Baker,1 lb,Bakery,ValueGrocer,ValueGrocer East,,Springfield,4.10,2026-11-02,yes',
    ].join('\n');
    const result = parsePriceImport(csv, 'csv');
    if ('error' in result) throw new Error(result.error);
    expect(result.format).toBe('cartwise');
    expect(result.records).toHaveLength(2);
    expect(result.records[0]).toMatchObject({
      productName: 'Whole milk',
      priceCents: 349,
      chainName: 'FreshMart',
      date: '2026-11-01',
      isDeal: false,
    });
    expect(result.records[1]).toMatchObject({ productName: 'Bread, sourdough', priceCents: 410, isDeal: true });
    expect(result.errors).toEqual([{ line: 3, message: 'price must be a positive number' }]);
  });

  it('reads the Open Prices CSV export columns', () => {
    const csv = [
      'id,product_code,product_name,category_tag,price,price_is_discounted,currency,location_osm_id,location_osm_name,location_osm_address_city,date',
      '1,3017620422003,Nutella,,4.59,False,EUR,123,Carrefour Market,Paris,2025-03-04',
      '2,,,en:bananas,1.99,True,EUR,456,Lidl,Lyon,2025-03-05',
    ].join('\n');
    const result = parsePriceImport(csv, 'csv');
    if ('error' in result) throw new Error(result.error);
    expect(result.format).toBe('open-prices');
    expect(result.records.map((r) => [r.productName, r.storeName, r.priceCents, r.isDeal, r.barcode])).toEqual([
      ['Nutella', 'Carrefour Market', 459, false, '3017620422003'],
      ['Bananas', 'Lidl', 199, true, null],
    ]);
  });

  it('reads JSON arrays and refuses malformed JSON with a message', () => {
    const ok = parsePriceImport(JSON.stringify([{ product: 'Rice', store: 'Corner Co-op', price: 2.5, date: '2026-10-01' }]), 'json');
    if ('error' in ok) throw new Error(ok.error);
    expect(ok.records[0]).toMatchObject({ productName: 'Rice', priceCents: 250 });
    expect(parsePriceImport('{oops', 'json')).toEqual({ error: 'The file is not valid JSON' });
    expect(parsePriceImport('', 'csv')).toEqual({ error: 'The file is empty' });
  });

  it('keeps a valid barcode column as a normalised GTIN and drops codes that are not GTINs', () => {
    const csv = [
      'product,barcode,store,price,date',
      'Cola,036000291452,FreshMart,1.99,2026-11-01',
      'Mints,96385074,FreshMart,0.99,2026-11-01',
      'Loose apples,12345,FreshMart,2.49,2026-11-01',
      'Chips,4006381333932,FreshMart,2.99,2026-11-01',
    ].join('\n');
    const result = parsePriceImport(csv, 'csv');
    if ('error' in result) throw new Error(result.error);
    expect(result.records.map((r) => r.barcode)).toEqual(['0036000291452', '0000096385074', null, null]);
  });
});
