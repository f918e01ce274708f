import { healthApi } from '@cartwise/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, inject, it } from 'vitest';
import { countQueries } from '../../test/query-counter';
import { registerTestApp } from '../../test/test-app';
import { runPriceImport } from './import-pipeline';
import { closeImportWriteThread, findWriteThreadId, stopWriteThreadAbruptly } from './import-write-thread';
import { fileInput } from './sources/feed-streams';
import { ilTransparencySource } from './sources/il-transparency';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
const dir = mkdtempSync(join(tmpdir(), 'price-thread-'));
const CHAIN = '7290000000003';

/** A store's price file of `count` items with item codes only (no barcode), each price given. */
function writeLargePriceFile(name: string, count: number, priceOf: (i: number) => string): string {
  const path = join(dir, name);
  const rows: string[] = [];
  for (let i = 0; i < count; i++)
    rows.push(`<Item><ItemCode>${100_000 + i}</ItemCode><ItemName>מוצר ${i}</ItemName><ItemPrice>${priceOf(i)}</ItemPrice></Item>`);
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>${CHAIN}</ChainId><Items>\n${rows.join('\n')}\n</Items></Root>`,
  );
  return path;
}

/** The longest time a 5 ms timer fired late while `work` ran: how long the event loop was held at once. */
async function measureLoopHold<T>(work: () => Promise<T>): Promise<{ result: T; maxLateMs: number }> {
  let maxLateMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    maxLateMs = Math.max(maxLateMs, now - last - 5);
    last = now;
  }, 5);
  try {
    return { result: await work(), maxLateMs };
  } finally {
    clearInterval(timer);
  }
}

describe.skipIf(Boolean(inject('postgresUrl')))('an import on SQLite with its writes on a worker thread', () => {
  it('keeps the event loop free while large chunks are written, with the same summary and rows', async () => {
    // A first store's file warms the reading code up, as a server's earlier runs have.
    const warmUp = writeLargePriceFile(`PriceFull${CHAIN}-2-202608150600.xml`, 12_000, () => '1.00');
    await runPriceImport(t.app, { source: ilTransparencySource, inputs: [fileInput(warmUp)], sqliteFile: t.app.database.sqlitePath });
    const file = writeLargePriceFile(`PriceFull${CHAIN}-3-202608150600.xml`, 12_000, (i) => `${(i % 90) + 1}.50`);
    // The whole file in one chunk: that transaction on the server's own connection holds the loop for about 1.5 s
    // on this machine under load (products and prices made, the summaries' triggers run). On the thread, what is
    // left is reading in slices of a few milliseconds, and waiting for a core when the machine is busy.
    let result: Awaited<ReturnType<typeof runPriceImport>> | undefined;
    let maxLateMs = 0;
    const onServerConnection = await countQueries(t.app.db, async () => {
      ({ result, maxLateMs } = await measureLoopHold(() =>
        runPriceImport(t.app, {
          source: ilTransparencySource,
          inputs: [fileInput(file)],
          chunkSize: 12_000,
          sqliteFile: t.app.database.sqlitePath,
        }),
      ));
    });
    expect(onServerConnection.sql.filter((text) => /insert into "?(price_observations|products)/i.test(text))).toEqual([]);
    expect(result).toMatchObject({ status: 'succeeded', files: 1, stores: 1, products: 12_000, prices: 12_000, unchanged: 0, errors: [] });
    expect(maxLateMs).toBeLessThan(300);
    const count = await t.app.db
      .selectFrom('price_observations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(24_000);
    const run = await t.app.db.selectFrom('price_source_runs').selectAll().where('id', '=', result!.runId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'succeeded', files_done: 1 });
    expect(JSON.parse(run.summary ?? '{}')).toMatchObject({ prices: 12_000, products: 12_000 });

    const again = await runPriceImport(t.app, {
      source: ilTransparencySource,
      inputs: [fileInput(file)],
      sqliteFile: t.app.database.sqlitePath,
    });
    expect(again).toMatchObject({ status: 'succeeded', prices: 12_000, unchanged: 12_000 });
  });

  it('fails the run with a clear message when the write thread cannot work, and the server goes on', async () => {
    const file = writeLargePriceFile(`PriceFull${CHAIN}-4-202608150600.xml`, 10, () => '3.00');
    const run = runPriceImport(t.app, {
      source: ilTransparencySource,
      inputs: [fileInput(file)],
      sqliteFile: join(dir, 'no-such-folder', 'cartwise.sqlite'),
    });
    await expect(run).rejects.toThrow(/write thread (failed|stopped)/);
    expect((await callRoute(t.app, healthApi.check)).statusCode).toBeLessThan(500);
  });

  it('keeps one thread for the server, and replaces one that died after failing the run it served', async () => {
    const sqliteFile = t.app.database.sqlitePath!;
    const files = [5, 6, 7].map((store) => writeLargePriceFile(`PriceFull${CHAIN}-${store}-202608150600.xml`, 50, () => '4.00'));
    const importFiles = (paths: string[], onProgress?: () => void) =>
      runPriceImport(t.app, { source: ilTransparencySource, inputs: paths.map((path) => fileInput(path)), sqliteFile, onProgress });
    expect(await importFiles([files[0]!])).toMatchObject({ status: 'succeeded' });
    const first = findWriteThreadId(sqliteFile);
    expect(first).toBeDefined();
    expect(await importFiles([files[0]!])).toMatchObject({ status: 'succeeded', unchanged: 50 });
    expect(findWriteThreadId(sqliteFile)).toBe(first);

    // The thread ends as a crash would once the run's first file is written: the run fails with a message.
    let isStopped = false;
    const broken = importFiles(files.slice(1), () => {
      if (!isStopped) void stopWriteThreadAbruptly(sqliteFile);
      isStopped = true;
    });
    await expect(broken).rejects.toThrow(/write thread (failed|stopped)/);
    expect((await callRoute(t.app, healthApi.check)).statusCode).toBeLessThan(500);
    expect(await importFiles(files.slice(1))).toMatchObject({ status: 'succeeded', files: 2 });
    const replacement = findWriteThreadId(sqliteFile);
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(first);
    await closeImportWriteThread(sqliteFile);
    expect(findWriteThreadId(sqliteFile)).toBeUndefined();
  });
});
