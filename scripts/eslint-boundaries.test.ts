import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints source text as if it were a file at the given path, with the project's real config (boundary rules only).
async function lintImport(filePath: string, code: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === rule,
  });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.message);
}

// The first lint loads the project's whole config, which takes seconds on a busy machine.
describe('package boundaries', { timeout: 30_000 }, () => {
  it('refuses a web import of the server, another package than contracts, or a Node module', async () => {
    expect(await lintImport('web/src/features/x/page.tsx', "import { buildApp } from '@cartwise/server/src/app';")).toHaveLength(2);
    expect(await lintImport('web/src/features/x/page.tsx', "import { solveSplitCart } from '@cartwise/optimizer';")).toEqual([
      expect.stringContaining('may import only @cartwise/contracts'),
    ]);
    expect(await lintImport('web/src/features/x/page.tsx', "import fs from 'node:fs';")).toEqual([expect.stringContaining('Node modules')]);
    expect(await lintImport('web/src/features/x/page.tsx', "import { ZPantryList } from '@cartwise/contracts';")).toEqual([]);
  });

  it('keeps contracts free of other packages and of Node modules', async () => {
    expect(
      await lintImport('packages/contracts/src/domain/x.ts', "import { parseReceiptText } from '@cartwise/receipt-reader';"),
    ).toHaveLength(1);
    expect(await lintImport('packages/contracts/src/domain/x.ts', "import path from 'path';")).toHaveLength(1);
  });

  it('lets the engines import only contracts', async () => {
    expect(await lintImport('packages/optimizer/src/x.ts', "import { readReceiptFile } from '@cartwise/receipt-reader';")).toHaveLength(1);
    expect(
      await lintImport('packages/receipt-reader/src/x.ts', "import { editDistance } from '@cartwise/contracts/domain/edit-distance';"),
    ).toEqual([]);
  });

  it('makes the server use the engines through their root entry', async () => {
    expect(
      await lintImport('server/src/features/receipts/x.ts', "import { findSellerId } from '@cartwise/receipt-reader/parse/seller-ids';"),
    ).toHaveLength(1);
    expect(await lintImport('server/src/features/receipts/x.ts', "import { findSellerId } from '@cartwise/receipt-reader';")).toEqual([]);
  });

  it("lets a feature import another feature only through that feature's index", async () => {
    expect(await lintImport('server/src/features/dashboard/x.ts', "import { listPantry } from '../pantry/pantry.service';")).toEqual([
      expect.stringContaining('through its index.ts'),
    ]);
    expect(await lintImport('server/src/features/dashboard/x.ts', "import { listPantry } from '../pantry';")).toEqual([]);
    expect(await lintImport('server/src/features/dashboard/x.ts', "import { listPantry } from './dashboard.service';")).toEqual([]);
  });

  it('holds a feature folder at any depth to the same rule, and lets it import its own files', async () => {
    const file = 'server/src/features/price-sources/sources/il-transparency/x.ts';
    expect(await lintImport(file, "import { findStoreIdByName } from '../../../stores/store-by-name';")).toEqual([
      expect.stringContaining('through its index.ts'),
    ]);
    expect(await lintImport(file, "import { findStoreIdByName } from '../../../stores';")).toEqual([]);
    expect(await lintImport(file, "import { openBytes } from '../feed-streams';")).toEqual([]);
    expect(await lintImport(file, "import { runPriceImport } from '../../import-pipeline';")).toEqual([]);
    expect(await lintImport(file, "import { createId } from '../../../../db/ids';")).toEqual([]);
  });

  it('makes server code outside the features reach a feature through its index', async () => {
    const deep = expect.stringContaining('through its index.ts');
    expect(await lintImport('server/src/auth/x.ts', "import { findProfile } from '../features/profile/profile.repo';")).toEqual([deep]);
    expect(await lintImport('server/src/auth/x.ts', "import { findProfile } from '../features/profile';")).toEqual([]);
    expect(await lintImport('server/src/x.ts', "import { runReceiptJobsOnce } from './features/receipts/receipt-worker';")).toEqual([deep]);
    expect(await lintImport('server/src/x.ts', "import { registerFeatures } from './features';")).toEqual([]);
    expect(await lintImport('server/src/features/index.ts', "import { listsRoutes } from './lists/lists.routes';")).toEqual([deep]);
    expect(await lintImport('server/src/features/index.ts', "import { listsRoutes } from './lists';")).toEqual([]);
    expect(await lintImport('server/src/app.ts', "import { openDatabase } from './db/database';")).toEqual([]);
  });

  it("lets only tests import another feature's test helpers", async () => {
    const helpers = "import { createProduct } from '../deals/deals-test-helpers';";
    expect(await lintImport('server/src/features/pricebook/x.routes.test.ts', helpers)).toEqual([]);
    expect(await lintImport('server/src/features/pricebook/x.ts', helpers)).toEqual([expect.stringContaining('through its index.ts')]);
    const fromOutside = "import { toMultipart } from '../features/receipts/receipt-test-helpers';";
    expect(await lintImport('server/src/storage/x.test.ts', fromOutside)).toEqual([]);
    expect(await lintImport('server/src/storage/x.ts', fromOutside)).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it('makes the web app call its endpoints through their route contracts', async () => {
    const lintWeb = (code: string) => lintImport('web/src/features/x/api.ts', code, 'no-restricted-syntax');
    expect(await lintWeb("fetch('/api/pantry');")).toEqual([expect.stringContaining('route contract')]);
    expect(await lintWeb('const at = (id: string) => `/api/lists/${id}/items`;')).toEqual([expect.stringContaining('route contract')]);
    expect(await lintWeb("const base = '/api/auth';")).toEqual([]);
    expect(await lintWeb("const reference = '/api/docs';")).toEqual([]);
    expect(await lintWeb('callApi(pantryApi.list, {});')).toEqual([]);
  });
});
