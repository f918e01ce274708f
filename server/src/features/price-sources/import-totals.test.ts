import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { runPriceImport } from './import-pipeline';
import { fileInput } from './sources/feed-streams';
import { ilTransparencySource } from './sources/il-transparency';

const t = registerTestApp();
const dir = mkdtempSync(join(tmpdir(), 'price-totals-'));
const CHAIN = '7290000000004';

function writeDay(store: number, stamp: string, count: number, priceOf: (i: number) => number): string {
  const path = join(dir, `PriceFull${CHAIN}-${store}-${stamp}.xml`);
  const rows: string[] = [];
  for (let i = 0; i < count; i++)
    rows.push(`<Item><ItemCode>${500 + i}</ItemCode><ItemName>פריט ${i}</ItemName><ItemPrice>${priceOf(i).toFixed(2)}</ItemPrice></Item>`);
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>${CHAIN}</ChainId><Items>\n${rows.join('\n')}\n</Items></Root>`,
  );
  return path;
}

/** price_summaries and store_totals as kept, and as a full recount of price_observations gives them. */
async function readTotals() {
  const kept = await t.app.db
    .selectFrom('price_summaries')
    .select(['store_id', 'product_id', 'observation_count', 'latest_observed_on'])
    .orderBy('store_id')
    .orderBy('product_id')
    .execute();
  const { rows: counted } = await sql<{ store_id: string; product_id: string; observation_count: number; latest_observed_on: string }>`
    SELECT store_id, product_id, COUNT(*) AS observation_count, MAX(observed_on) AS latest_observed_on
    FROM price_observations GROUP BY store_id, product_id ORDER BY store_id, product_id`.execute(t.app.db);
  const storeTotals = await t.app.db
    .selectFrom('store_totals')
    .select(['store_id', 'observation_count'])
    .where('observation_count', '>', 0)
    .orderBy('store_id')
    .execute();
  const { rows: storeCounts } = await sql<{ store_id: string; observation_count: number }>`
    SELECT store_id, COUNT(*) AS observation_count FROM price_observations GROUP BY store_id ORDER BY store_id`.execute(t.app.db);
  return { kept, counted: counted.map((row) => ({ ...row, observation_count: Number(row.observation_count) })), storeTotals, storeCounts };
}

describe('price_summaries and store_totals after imports', () => {
  it('equal a full recount, through the write thread and in process, with other writers between', async () => {
    const sqliteFile = t.app.database.sqlitePath;
    const first = [writeDay(1, '202608150600', 1500, (i) => 1 + i / 100), writeDay(2, '202608150600', 1200, (i) => 2 + i / 100)];
    expect(
      await runPriceImport(t.app, { source: ilTransparencySource, inputs: first.map((f) => fileInput(f)), chunkSize: 400, sqliteFile }),
    ).toMatchObject({
      status: 'succeeded',
      prices: 2700,
    });
    // Another writer on the server's connection: the row triggers still keep its rows.
    const product = await t.app.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    const store = await t.app.db.selectFrom('store_locations').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('price_observations')
      .values({
        id: createId(),
        product_id: product.id,
        store_id: store.id,
        observed_on: '2026-08-20',
        unit_price_cents: 777,
        is_deal: 0,
        kind: 'regular',
        currency: 'ILS',
        source: 'manual',
        created_at: nowIso(),
      })
      .execute();
    // The next day: a third of the prices changed at store 1, a new store, read in process (as the CLI does).
    const second = [
      writeDay(1, '202608160600', 1500, (i) => 1 + i / 100 + (i % 3 === 0 ? 0.5 : 0)),
      writeDay(3, '202608160600', 900, (i) => 3 + i / 100),
    ];
    expect(
      await runPriceImport(t.app, { source: ilTransparencySource, inputs: second.map((f) => fileInput(f)), chunkSize: 333 }),
    ).toMatchObject({
      status: 'succeeded',
      unchanged: 1000,
    });
    await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(second[0]!)], sqliteFile });
    const totals = await readTotals();
    expect(totals.counted).toHaveLength(1500 + 1200 + 900);
    expect(totals.kept).toEqual(totals.counted);
    expect(totals.storeTotals).toEqual(totals.storeCounts);
    expect(totals.counted.filter((row) => row.observation_count >= 2).length).toBeGreaterThanOrEqual(500);
  });
});
