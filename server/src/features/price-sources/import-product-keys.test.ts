import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createId, nowIso } from '../../db/ids';
import { countQueries } from '../../test/query-counter';
import { registerTestApp } from '../../test/test-app';
import { runPriceImport } from './import-pipeline';
import { fileInput } from './sources/feed-streams';
import { ilTransparencySource } from './sources/il-transparency';

const t = registerTestApp();
const dir = mkdtempSync(join(tmpdir(), 'price-keys-'));
const CHAIN = '7290000000005';
const BARCODE = '7290004131074';

function writeDay(stamp: string, price: string): string {
  const path = join(dir, `PriceFull${CHAIN}-7-${stamp}.xml`);
  const items = [`<Item><ItemCode>${BARCODE}</ItemCode><ItemName>חלב 1 ליטר</ItemName><ItemPrice>${price}</ItemPrice></Item>`];
  for (let i = 0; i < 30; i++)
    items.push(`<Item><ItemCode>${800 + i}</ItemCode><ItemName>פריט ${i}</ItemName><ItemPrice>3.00</ItemPrice></Item>`);
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>${CHAIN}</ChainId><Items>\n${items.join('\n')}\n</Items></Root>`,
  );
  return path;
}

const pricesOf = (productId: string) =>
  t.app.db
    .selectFrom('price_observations')
    .select(['unit_price_cents', 'observed_on'])
    .where('product_id', '=', productId)
    .orderBy('observed_on')
    .execute();

describe('product keys kept across import runs', () => {
  it('resolves an unchanged day without looking its keys up, and looks again once a decision moved a barcode', async () => {
    const day1 = writeDay('202608150600', '6.90');
    expect(await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(day1)] })).toMatchObject({
      status: 'succeeded',
      products: 31,
    });
    const again = await countQueries(t.app.db, async () => {
      expect(await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(day1)] })).toMatchObject({
        products: 31,
        unchanged: 31,
      });
    });
    expect(again.sql.filter((text) => /from "?(products|product_codes)"? /i.test(text))).toEqual([]);

    // A shopper's product is published with the barcode (catalogue-changes.repo's publishProduct): it moves to it.
    const holder = await t.app.db.selectFrom('products').select('id').where('barcode', '=', BARCODE).executeTakeFirstOrThrow();
    const publishedId = createId();
    await t.app.db.updateTable('products').set({ barcode: null }).where('id', '=', holder.id).execute();
    await t.app.db
      .insertInto('products')
      .values({
        id: publishedId,
        name: 'Milk 1 l',
        brand: null,
        category: null,
        size_value: null,
        size_unit: null,
        barcode: BARCODE,
        owner_user_id: null,
        created_at: nowIso(),
      })
      .execute();
    await t.app.db
      .insertInto('catalogue_changes')
      .values({
        id: createId(),
        kind: 'product',
        status: 'approved',
        product_id: publishedId,
        barcode: BARCODE,
        previous_product_id: holder.id,
        decided_how: 'operator',
        decided_at: nowIso(),
        created_at: nowIso(),
      })
      .execute();

    const day2 = writeDay('202608160600', '7.10');
    expect(await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(day2)] })).toMatchObject({
      status: 'succeeded',
      unchanged: 30,
    });
    expect(await pricesOf(publishedId)).toEqual([{ unit_price_cents: 710, observed_on: '2026-08-16' }]);
    expect(await pricesOf(holder.id)).toEqual([{ unit_price_cents: 690, observed_on: '2026-08-15' }]);
  });
});
