import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FeedPromotion } from '../../price-source';
import { fileInput } from '../feed-streams';
import { collectRecords, createTestContext, findSharedPrices, pricesOf, storesOf } from '../source-test-kit';
import { parseIlFileName } from './file-name';
import { ilTransparencySource } from '.';

const XML = join(findSharedPrices(), 'israel/xml');
const DAY = join(XML, '2026-08-15');
const dir = mkdtempSync(join(tmpdir(), 'il-transparency-'));
const promotionsOf = (records: Awaited<ReturnType<typeof collectRecords>>): FeedPromotion[] =>
  records.flatMap((r) => (r.type === 'promotion' ? [r.promotion] : []));
const read = (path: string) => collectRecords(ilTransparencySource, fileInput(path), createTestContext());

function writeCp1255(name: string, xml: string): string {
  const path = join(dir, name);
  const decoder = new TextDecoder('windows-1255');
  // Encode by inverting windows-1255's table for the characters the test uses.
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  const bytes = [...xml].map((char) => table.get(char) ?? 0x3f);
  writeFileSync(path, gzipSync(Buffer.from(bytes)));
  return path;
}

describe('il-transparency file names', () => {
  it('reads kind, chain, store as written and date, with or without a sub-chain', () => {
    expect(parseIlFileName('/x/PriceFull7290027600007-413-202608150600.xml.gz')).toEqual({
      kind: 'prices',
      chainId: '7290027600007',
      storeId: '413',
      date: '2026-08-15',
    });
    expect(parseIlFileName('Promo7290058140886-001-039-202608150600.xml')).toMatchObject({ kind: 'promotions', storeId: '039' });
    expect(parseIlFileName('Stores7290027600007-202608150000.xml')).toMatchObject({ kind: 'stores', storeId: null });
    expect(parseIlFileName('prices.csv').kind).toBeNull();
  });
});

describe('il-transparency source', () => {
  it('reads a day’s gzipped UTF-8 price file into a placeholder store and one ILS price per item', async () => {
    const records = await read(join(DAY, 'PriceFull7290027600007-413-202608150600.xml.gz'));
    expect(storesOf(records)).toEqual([
      expect.objectContaining({ sourceRef: 'il:7290027600007:413', chainName: 'שופרסל', name: 'שופרסל 413', isPlaceholder: true }),
    ]);
    const prices = pricesOf(records);
    expect(prices).toHaveLength(15_739);
    expect(prices[0]).toMatchObject({
      storeRef: 'il:7290027600007:413',
      priceMinor: 4650,
      currency: 'ILS',
      kind: 'regular',
      observedOn: '2026-08-15',
      product: { internalCode: '10181040009', name: 'חמאת קקאו יחידה', quantityText: '100 גרם' },
    });
  });

  it('decodes the windows-1255 chain’s file and keeps the StoreId as written', async () => {
    const prices = pricesOf(await read(join(DAY, 'PriceFull7290058140886-39-202608150600.xml.gz')));
    expect(prices.length).toBeGreaterThan(1000);
    expect(prices.every((p) => p.storeRef === 'il:7290058140886:39')).toBe(true);
    expect(prices.some((p) => /[א-ת]/.test(p.product.name))).toBe(true);
    expect(prices.some((p) => p.product.name.includes('\uFFFD'))).toBe(false);
  });

  it('reads the Products > Product layout of a windows-1255 sample and the plain UTF-8 sample', async () => {
    const [product] = pricesOf(await read(join(XML, 'product-sample.xml.gz')));
    expect(product).toMatchObject({ storeRef: 'il:7290058140886:001', priceMinor: 550, product: { name: 'לחם אחיד פרוס' } });
    const prices = pricesOf(await read(join(XML, 'price-sample.xml')));
    expect(prices.map((p) => [p.product.gtin, p.priceMinor, p.product.quantityText])).toEqual([
      ['7290004131074', 690, '1 ליטר'],
      ['7290000066318', 580, null],
    ]);
  });

  it('reads the grouped promotion layout: coupon, minimum purchase and per-item prices', async () => {
    const promotions = promotionsOf(await read(join(XML, 'promo-sample.xml.gz')));
    const coupon = promotions.find((p) => p.promotionId.startsWith('2930148'));
    expect(coupon).toMatchObject({ isCoupon: true, isClubOnly: false, minPurchaseMinor: 20_000, currency: 'ILS' });
    expect(coupon?.validFrom).toBe('2021-10-19T00:00:00.000');
    const prices = promotions.filter((p) => p.promotionId.startsWith('2930148/')).map((p) => p.discountedPriceMinor);
    expect(prices).toEqual(expect.arrayContaining([4650, 5650, 6150]));
  });

  it('reads the flat promotion layout with its rate, coupon flag and validity', async () => {
    const promotions = promotionsOf(await read(join(DAY, 'PromoFull7290027600007-413-202608150600.xml.gz')));
    expect(promotions.length).toBeGreaterThan(2000);
    expect(promotions.find((p) => p.promotionId === '667573')).toMatchObject({
      storeRef: 'il:7290027600007:413',
      discountRate: 100,
      discountedPriceMinor: null,
      isCoupon: true,
      isClubOnly: false,
      validFrom: '2026-08-15T00:00',
      validTo: '2031-01-01T23:59',
      products: [{ gtin: '7296073173045', internalCode: '7296073173045', name: '' }],
    });
  });

  it('reads club-only terms and a Stores file with names and addresses', async () => {
    const promo = writeCp1255(
      'Promo7290000000001-7-202608150600.xml.gz',
      `<?xml version="1.0" encoding="windows-1255"?><Root><ChainId>7290000000001</ChainId><StoreId>7</StoreId><Promotions>` +
        `<Promotion><PromotionId>9</PromotionId><PromotionDescription>2 ב-10</PromotionDescription><MinQty>2</MinQty>` +
        `<DiscountedPrice>10.00</DiscountedPrice><PromotionItems><Item><ItemCode>7290004131074</ItemCode></Item></PromotionItems>` +
        `<AdditionalRestrictions><Clubs><ClubId>3 - מועדון</ClubId></Clubs></AdditionalRestrictions></Promotion></Promotions></Root>`,
    );
    expect(promotionsOf(await read(promo))).toEqual([
      expect.objectContaining({
        promotionId: '9',
        description: '2 ב-10',
        minQuantity: 2,
        discountedPriceMinor: 1000,
        isClubOnly: true,
        clubIds: ['3 - מועדון'],
      }),
    ]);
    const stores = join(dir, 'Stores7290000000001-202608150000.xml');
    writeFileSync(
      stores,
      `<?xml version="1.0" encoding="UTF-8"?><Root><ChainId>7290000000001</ChainId><ChainName>רשת</ChainName><SubChains><SubChain><Stores>` +
        `<Store><StoreId>7</StoreId><StoreName>סניף מרכז</StoreName><Address>הרצל 1</Address><City>תל אביב</City><StoreType>1</StoreType></Store>` +
        `</Stores></SubChain></SubChains></Root>`,
    );
    expect(storesOf(await read(stores))).toEqual([
      expect.objectContaining({
        sourceRef: 'il:7290000000001:7',
        chainName: 'רשת',
        name: 'סניף מרכז',
        address: 'הרצל 1',
        city: 'תל אביב',
        isOnline: false,
      }),
    ]);
  });

  it.each([
    ['a negative price', '<Item><ItemCode>1</ItemCode><ItemPrice>-2.00</ItemPrice></Item>', /negative/],
    ['an absurd price', '<Item><ItemCode>1</ItemCode><ItemPrice>999999.00</ItemPrice></Item>', /not a plausible price/],
    [
      'a duplicate item',
      '<Item><ItemCode>1</ItemCode><ItemPrice>2</ItemPrice></Item>\n<Item><ItemCode>1</ItemCode><ItemPrice>3</ItemPrice></Item>',
      /appears twice/,
    ],
    ['a truncated file', '<Item><ItemCode>1</ItemCode><ItemPr', /malformed or cut short/],
  ])('fails a file with %s, naming the line', async (_what, items, message) => {
    const path = join(dir, 'PriceFull7290000000001-7-202608150600.xml');
    const closing = items.endsWith('ItemPr') ? '' : '</Items></Root>';
    writeFileSync(path, `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>7290000000001</ChainId><Items>\n${items}${closing}`);
    const error = await read(path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as { line?: number }).line).toBeGreaterThanOrEqual(2);
  });

  it('fails a file whose bytes are not the encoding it declares', async () => {
    const path = join(dir, 'Price7290000000001-7-202608150600.xml');
    writeFileSync(
      path,
      Buffer.concat([
        Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Root><Items><Item><ItemName>'),
        Buffer.from([0xe7, 0xec]),
        Buffer.from('</ItemName></Item></Items></Root>'),
      ]),
    );
    await expect(read(path)).rejects.toThrow(/not valid utf-8/i);
  });
});
