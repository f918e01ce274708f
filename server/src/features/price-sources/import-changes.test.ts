import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { runPriceImport } from './import-pipeline';
import { fileInput } from './sources/feed-streams';
import { ilTransparencySource } from './sources/il-transparency';

const t = registerTestApp();
const dir = mkdtempSync(join(tmpdir(), 'price-changes-'));
const CHAIN = '7290000000019';
const MILK = '7290004131074';
const BREAD = '7290000066318';
const EGGS = '7290000066325';

function writePromotions(name: string, promotions: { id: string; price: string; codes: string[] }[]): string {
  const path = join(dir, name);
  const body = promotions.map(
    ({ id, price, codes }) =>
      `<Promotion><PromotionId>${id}</PromotionId><PromotionDescription>מבצע ${id}</PromotionDescription><MinQty>2</MinQty>` +
      `<DiscountedPrice>${price}</DiscountedPrice><PromotionItems>` +
      codes.map((code) => `<Item><ItemCode>${code}</ItemCode></Item>`).join('') +
      `</PromotionItems></Promotion>`,
  );
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>${CHAIN}</ChainId><StoreId>5</StoreId><Promotions>\n${body.join('\n')}\n</Promotions></Root>`,
  );
  return path;
}

function writePrices(name: string, items: [string, string][]): string {
  const path = join(dir, name);
  const rows = items.map(
    ([code, price]) => `<Item><ItemCode>${code}</ItemCode><ItemName>מוצר ${code}</ItemName><ItemPrice>${price}</ItemPrice></Item>`,
  );
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>${CHAIN}</ChainId><Items>\n${rows.join('\n')}\n</Items></Root>`,
  );
  return path;
}

async function readPromotions() {
  const rows = await t.app.db
    .selectFrom('promotions')
    .innerJoin('store_locations', 'store_locations.id', 'promotions.store_id')
    .leftJoin('promotion_products', 'promotion_products.promotion_id', 'promotions.id')
    .leftJoin('products', 'products.id', 'promotion_products.product_id')
    .select(['promotions.id', 'source_promotion_id', 'discounted_price_minor', 'updated_at', 'products.barcode'])
    .where('store_locations.source_ref', '=', `il:${CHAIN}:5`)
    .orderBy('source_promotion_id')
    .orderBy('products.barcode')
    .execute();
  return rows;
}

describe('re-importing a store’s files', () => {
  it('keeps an unchanged promotion as it is and replaces a changed one’s terms and products', async () => {
    const day1 = writePromotions(`PromoFull${CHAIN}-5-202608150600.xml`, [
      { id: '1', price: '10.00', codes: [MILK, BREAD] },
      { id: '2', price: '20.00', codes: [EGGS] },
    ]);
    expect(await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(day1)] })).toMatchObject({
      status: 'succeeded',
      promotions: 2,
    });
    const before = await readPromotions();
    expect(before.map((row) => [row.source_promotion_id, row.discounted_price_minor, row.barcode])).toEqual([
      ['1', 1000, BREAD],
      ['1', 1000, MILK],
      ['2', 2000, EGGS],
    ]);
    const day2 = writePromotions(`PromoFull${CHAIN}-5-202608160600.xml`, [
      { id: '1', price: '10.00', codes: [BREAD, MILK] },
      { id: '2', price: '18.00', codes: [EGGS, MILK] },
    ]);
    await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(day2)] });
    const after = await readPromotions();
    expect(after.map((row) => [row.source_promotion_id, row.discounted_price_minor, row.barcode])).toEqual([
      ['1', 1000, BREAD],
      ['1', 1000, MILK],
      ['2', 1800, EGGS],
      ['2', 1800, MILK],
    ]);
    // The same rows: the unchanged promotion is not even touched, the changed one keeps its id.
    expect(after[0]).toMatchObject({ id: before[0]!.id, updated_at: before[0]!.updated_at });
    expect(after[2]!.id).toBe(before[2]!.id);
    expect(after[2]!.updated_at > before[2]!.updated_at).toBe(true);
  });

  it('reads an input longer than it keeps twice, all of it or none of it', async () => {
    const good = writePrices(`PriceFull${CHAIN}-6-202608150600.xml`, [
      [MILK, '6.90'],
      [BREAD, '8.00'],
      [EGGS, '12.00'],
    ]);
    const bad = writePrices(`PriceFull${CHAIN}-7-202608150600.xml`, [
      [MILK, '6.90'],
      [BREAD, '8.00'],
      [EGGS, 'twelve'],
    ]);
    const result = await runPriceImport(t.app, {
      source: ilTransparencySource,
      inputs: [fileInput(good), fileInput(bad)],
      keptRecords: 1,
      chunkSize: 2,
    });
    expect(result).toMatchObject({ status: 'partial', files: 1, prices: 3, errors: [{ file: bad, line: 5 }] });
    const stores = await t.app.db
      .selectFrom('store_locations')
      .innerJoin('price_observations', 'price_observations.store_id', 'store_locations.id')
      .select(['store_locations.source_ref', 'price_observations.unit_price_cents'])
      .where('store_locations.source_ref', 'in', [`il:${CHAIN}:6`, `il:${CHAIN}:7`])
      .orderBy('unit_price_cents')
      .execute();
    expect(stores).toEqual([
      { source_ref: `il:${CHAIN}:6`, unit_price_cents: 690 },
      { source_ref: `il:${CHAIN}:6`, unit_price_cents: 800 },
      { source_ref: `il:${CHAIN}:6`, unit_price_cents: 1200 },
    ]);
  });
});
