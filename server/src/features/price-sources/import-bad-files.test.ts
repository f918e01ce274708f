import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { runPriceImport } from './import-pipeline';
import { fileInput } from './sources/feed-streams';
import { ilTransparencySource } from './sources/il-transparency';
import { findSharedPrices } from './sources/source-test-kit';

const t = registerTestApp();
const dir = mkdtempSync(join(tmpdir(), 'price-bad-files-'));
const CHAIN = '7290000000026';

function priceXml(store: string, codes: string[]): string {
  const items = codes.map((code) => `<Item><ItemCode>${code}</ItemCode><ItemName>מוצר</ItemName><ItemPrice>4.20</ItemPrice></Item>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>${CHAIN}</ChainId><StoreId>${store}</StoreId><Items>\n${items.join('\n')}\n</Items></Root>`;
}

async function storeExists(store: string): Promise<boolean> {
  const row = await t.app.db.selectFrom('store_locations').select('id').where('source_ref', '=', `il:${CHAIN}:${store}`).executeTakeFirst();
  return row !== undefined;
}

describe('bad files in a run', () => {
  it('names a gzip cut short, a file in the wrong encoding and a real sample cut in half, and imports the good one', async () => {
    const good = join(dir, `PriceFull${CHAIN}-1-202608150600.xml.gz`);
    writeFileSync(good, gzipSync(priceXml('1', ['7290004131074', '7290000066318'])));
    const cutGzip = join(dir, `PriceFull${CHAIN}-2-202608150600.xml.gz`);
    const whole = gzipSync(priceXml('2', ['7290004131074', '7290000066318', '7290000066325']));
    writeFileSync(cutGzip, whole.subarray(0, whole.length - 20));
    const wrongEncoding = join(dir, `PriceFull${CHAIN}-3-202608150600.xml`);
    writeFileSync(
      wrongEncoding,
      Buffer.concat([Buffer.from(priceXml('3', ['7290004131074']).replace('מוצר', '')), Buffer.from([0xe7, 0xec])]),
    );
    const sample = join(findSharedPrices(), 'israel/xml/2026-08-15/PriceFull7290803800003-004-202608150600.xml.gz');
    const halfSample = join(dir, 'PriceFull7290803800003-004-202608150600.xml.gz');
    const bytes = readFileSync(sample);
    writeFileSync(halfSample, bytes.subarray(0, Math.floor(bytes.length / 2)));

    const inputs = [cutGzip, wrongEncoding, halfSample, good].map((path) => fileInput(path));
    const result = await runPriceImport(t.app, {
      source: ilTransparencySource,
      inputs,
      chunkSize: 100,
      sqliteFile: t.app.database.sqlitePath,
    });

    expect(result).toMatchObject({ status: 'partial', files: 1, prices: 2 });
    expect(result.errors.map((error) => error.file)).toEqual([cutGzip, wrongEncoding, halfSample]);
    for (const error of result.errors) expect(error.message).toMatch(/unexpected end|cut short|not valid utf-8/i);
    expect(await storeExists('1')).toBe(true);
    expect(await storeExists('2')).toBe(false);
    expect(await storeExists('3')).toBe(false);
    const half = await t.app.db
      .selectFrom('store_locations')
      .select('id')
      .where('source_ref', '=', 'il:7290803800003:004')
      .executeTakeFirst();
    expect(half).toBeUndefined();
  });
});
