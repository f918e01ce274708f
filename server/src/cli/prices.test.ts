import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { findSharedPrices } from '../test/shared-data';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'prices-cli-'));
const serverRoot = join(import.meta.dirname, '../..');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run -s prices -- import ...` as an operator runs it: its exit code and the JSON summary on its last line. */
async function importPrices(...args: string[]): Promise<{ exitCode: number; summary: Record<string, unknown> }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'false', LOG_LEVEL: 'silent' };
  const result = await run(process.execPath, ['--import', 'tsx', 'src/cli/prices.ts', 'import', ...args], { cwd: serverRoot, env }).then(
    ({ stdout }) => ({ exitCode: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ exitCode: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
  const lastLine = result.stdout.trim().split('\n').at(-1) ?? '';
  return { exitCode: result.exitCode, summary: JSON.parse(lastLine) as Record<string, unknown> };
}

// The CLI writes to DATA_DIR's SQLite file; PostgreSQL runs of the suite cover the pipeline through the API tests.
describe.skipIf(process.env.TEST_DB === 'postgres')('npm run prices', () => {
  it('imports every file of a directory of Croatian lists, and exits 1 naming the one bad file given beside them', async () => {
    const bad = join(dataDir, 'store9999_2025-07-03.csv');
    writeFileSync(bad, 'Product,ProductId,Brand,Quantity,Unit,Barcode,Category,Price\nMlijeko,1,Dukat,1,l,3850108000031,Mlijeko,-2.00\n');
    const { exitCode, summary } = await importPrices('hr-nn75', join(findSharedPrices(), 'croatia'), bad);
    expect(exitCode).toBe(1);
    expect(summary).toMatchObject({ source: 'hr-nn75', files: 4, stores: 4 });
    expect(summary.prices).toBeGreaterThan(30_000);
    expect(summary.errors).toEqual([expect.objectContaining({ file: bad })]);
  }, 120_000);

  it('imports the Open Prices sample, whose locations share chain names with each other and with stores already there', async () => {
    const { exitCode, summary } = await importPrices('open-prices', join(findSharedPrices(), 'open-prices'));
    expect(summary).toMatchObject({ source: 'open-prices', files: 1, stores: 101, errors: [] });
    expect(exitCode).toBe(0);
    const again = await importPrices('open-prices', join(findSharedPrices(), 'open-prices', 'prices-sample.jsonl'));
    expect(again.summary).toMatchObject({ files: 1, errors: [] });
    expect(again.summary.unchanged).toBe(again.summary.prices);
  }, 120_000);
});
