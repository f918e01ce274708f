import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileInput } from './feed-streams';
import { hrNn75Source, readHrFileFacts } from './hr-nn75';
import { collectRecords, createTestContext, findSharedPrices, pricesOf, storesOf } from './source-test-kit';

const SAMPLES = join(findSharedPrices(), 'croatia');
const dir = mkdtempSync(join(tmpdir(), 'hr-nn75-'));
const KONZUM_HEADER =
  'NAZIV PROIZVODA;ŠIFRA PROIZVODA;MARKA PROIZVODA;NETO KOLIČINA;JEDINICA MJERE;MALOPRODAJNA CIJENA;CIJENA ZA JEDINICU MJERE;MPC ZA VRIJEME POSEBNOG OBLIKA PRODAJE;NAJNIŽA CIJENA U POSLJEDNIH 30 DANA;SIDRENA CIJENA NA 2.5.2025;BARKOD;KATEGORIJA PROIZVODA';

describe('hr-nn75 source', () => {
  it('reads a Konzum sample list into one EUR store and one price per row', async () => {
    const records = await collectRecords(hrNn75Source, fileInput(join(SAMPLES, 'store0204_2025-07-03.csv')), createTestContext());
    const [store] = storesOf(records);
    expect(store).toMatchObject({ sourceRef: 'hr:konzum:0204', chainRef: 'hr:konzum', chainName: 'Konzum', currency: 'EUR' });
    const prices = pricesOf(records);
    // Konzum leaves the retail price empty while a special-sale price runs: each row has exactly one price.
    expect(prices).toHaveLength(10_950);
    expect(prices.filter((p) => p.kind === 'promotion')).toHaveLength(817);
    const regular = prices.filter((p) => p.kind === 'regular');
    expect(regular[0]).toMatchObject({
      storeRef: 'hr:konzum:0204',
      priceMinor: 99,
      currency: 'EUR',
      observedOn: '2025-07-03',
      product: { gtin: '3850334043641', internalCode: '90725768', brand: 'BUDDY', quantityText: '0.30 kg' },
    });
  });

  it('reads the law’s Croatian headers, comma decimals and a special-sale price as a promotion', async () => {
    const path = join(dir, 'konzum_0530_03.07.2025.csv');
    writeFileSync(path, `${KONZUM_HEADER}\nMlijeko 2,8% 1L;123;Dukat;1;l;"1,29";"1,29";"0,99";"0,99";"1,19";3850102311208;MLIJEKO\n`);
    const prices = pricesOf(await collectRecords(hrNn75Source, fileInput(path), createTestContext()));
    expect(prices.map((p) => [p.kind, p.priceMinor, p.storeRef, p.observedOn])).toEqual([
      ['regular', 129, 'hr:konzum:0530', '2025-07-03'],
      ['promotion', 99, 'hr:konzum:0530', '2025-07-03'],
    ]);
    expect(prices[0]?.product).toMatchObject({ quantityText: '1 l', name: 'Mlijeko 2,8% 1L' });
  });

  it('reads a windows-1250 list without mangling its letters', async () => {
    const path = join(dir, 'store0901_2025-07-04.csv');
    const text = `${KONZUM_HEADER.replaceAll(';', ',')}\nČokolada,55,Kraš,100 g,g,2.10,21,,,2.10,3850102123450,SLATKIŠI\n`;
    writeFileSync(path, encode1250(text));
    const [price] = pricesOf(await collectRecords(hrNn75Source, fileInput(path), createTestContext()));
    expect(price?.product.name).toBe('Čokolada');
  });

  it('names the line of a negative price and fails the file', async () => {
    const path = join(dir, 'store0001_2025-07-03.csv');
    writeFileSync(path, 'Product,ProductId,Barcode,Price\nA,1,,1.00\nB,2,,-3.00\n');
    await expect(collectRecords(hrNn75Source, fileInput(path), createTestContext())).rejects.toThrow(/Line 3: a price must be positive/);
  });

  it('refuses a header without the law’s columns and names the unknown ones', async () => {
    const path = join(dir, 'store0002_2025-07-03.csv');
    writeFileSync(path, 'Artikl,Cijena\nA,1.00\n');
    await expect(collectRecords(hrNn75Source, fileInput(path), createTestContext())).rejects.toThrow(
      /lacks name, retailPrice.*unknown columns: Artikl, Cijena/,
    );
  });

  it('takes chain and store from the settings when the file name has none', () => {
    expect(readHrFileFacts('cjenik.csv', { chain: 'Spar', store: '12', date: '2025-07-01' })).toEqual({
      chain: 'spar',
      store: '12',
      date: '2025-07-01',
    });
    expect(() => readHrFileFacts('cjenik.csv', {})).toThrow(/no date/);
  });
});

/** Encodes the few Croatian letters the test uses in windows-1250 (Node has no encoder for it). */
function encode1250(text: string): Buffer {
  const table: Record<string, number> = { Č: 0xc8, č: 0xe8, š: 0x9a, Š: 0x8a, ž: 0x9e, Ž: 0x8e, ć: 0xe6, Ć: 0xc6, đ: 0xf0, Đ: 0xd0 };
  return Buffer.from([...text].map((ch) => table[ch] ?? ch.charCodeAt(0)));
}
