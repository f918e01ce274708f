import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/** Runs the command the way `npm run -s receipt` does: bundled by scripts/run-bundled.mjs, not through tsx. */
async function runReceiptCommand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/run-bundled.mjs', 'packages/receipt-reader/src/cli.ts', ...args], {
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run -s receipt', () => {
  it(
    'prints one JSON line per file, reading dates in the locale given, and an error line for a file it cannot read',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'cartwise-receipt-cli-'));
      const receipt = path.join(dir, 'corner-pantry.txt');
      writeFileSync(receipt, 'CORNER PANTRY\n04/12/2016\nOATS 500G 4.29\nHONEY 12OZ 5.99\nTOTAL 10.28\n');
      const missing = path.join(dir, 'missing.jpg');
      const result = await runReceiptCommand(['--locale', 'en-US', receipt, missing]);
      expect(result.code).toBe(1);
      const [read, failed] = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(read).toMatchObject({
        file: receipt,
        store: 'CORNER PANTRY',
        date: '2016-04-12',
        total: 10.28,
        items: [
          { name: 'OATS 500G', quantity: 1, price: 4.29 },
          { name: 'HONEY 12OZ', quantity: 1, price: 5.99 },
        ],
      });
      expect(read?.ms).toEqual(expect.any(Number));
      expect(failed).toMatchObject({ file: missing, error: expect.stringMatching(/no such file/) });
      const malaysian = await runReceiptCommand(['--locale', 'en-MY', receipt]);
      expect(JSON.parse(malaysian.stdout)).toMatchObject({ date: '2016-12-04' });
    },
  );

  it(
    'matches a store read once to the name the other receipts of the batch read, unless asked for each file alone',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'cartwise-receipt-cli-'));
      const files = ['CORNER PANTRY', 'CORNER PANTRY', 'CORNER PANTRV'].map((store, index) => {
        const file = path.join(dir, `receipt-${index}.txt`);
        writeFileSync(file, `${store}\n04/12/2016\nOATS 500G 4.29\nTOTAL 4.29\n`);
        return file;
      });
      const batch = await runReceiptCommand(['--locale', 'en-US', ...files]);
      const lines = batch.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => line.store)).toEqual(['CORNER PANTRY', 'CORNER PANTRY', 'CORNER PANTRY']);
      expect(lines[2]).toMatchObject({ file: files[2], storeAsRead: 'CORNER PANTRV', total: 4.29 });
      expect(lines[0]).not.toHaveProperty('storeAsRead');
      const each = await runReceiptCommand(['--locale', 'en-US', '--each', ...files]);
      expect(
        each.stdout
          .trim()
          .split('\n')
          .map((line) => (JSON.parse(line) as Record<string, unknown>).store),
      ).toEqual(['CORNER PANTRY', 'CORNER PANTRY', 'CORNER PANTRV']);
    },
  );

  it(
    'gives a receipt whose name is unreadable the name read on the others printing the same seller number',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'cartwise-receipt-cli-'));
      const files = ['CORNER PANTRY', 'CORNER PANTRY', 'C0RNFR PAMTRV'].map((store, index) => {
        const file = path.join(dir, `receipt-${index}.txt`);
        writeFileSync(file, `${store}\nGST ID: 000381399040\n04/12/2016\nOATS 500G 4.29\nTOTAL 4.29\n`);
        return file;
      });
      const other = path.join(dir, 'other.txt');
      writeFileSync(other, 'QUAY MART\nGST ID: 000999999999\n04/12/2016\nOATS 500G 4.29\nTOTAL 4.29\n');
      const batch = await runReceiptCommand(['--locale', 'en-US', ...files, other]);
      const lines = batch.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => line.store)).toEqual(['CORNER PANTRY', 'CORNER PANTRY', 'CORNER PANTRY', 'QUAY MART']);
      expect(lines[2]).toMatchObject({ storeAsRead: 'CORNFR PAMTRV' });
    },
  );

  it('explains its usage when given no file', { timeout: 60_000 }, async () => {
    const result = await runReceiptCommand([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/usage: npm run -s receipt/);
  });
});
