// Runs a TypeScript entry point as one esbuild bundle instead of through tsx:
//   node scripts/run-bundled.mjs packages/receipt-reader/src/cli.ts [args...]
// tsx keeps a loader thread (a second V8 isolate) and every transformed source in memory: 19 MB of the receipt
// reader's peak RSS (60 SROIE receipts in one process: 381 MB through tsx, 362 MB bundled, same output), which
// its 400 MB budget cannot spare. Our own workspace code (@cartwise/*) is bundled; installed packages stay
// external, so native modules and the OCR model files resolve from node_modules as before.
import { renameSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'cartwise');

/** Bundles `entry` (a path from the repository root or absolute) and returns the bundle's path. */
export async function bundleEntry(entry) {
  const absolute = path.resolve(root, entry);
  const name = path
    .relative(root, absolute)
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/-ts$/, '');
  const outfile = path.join(cacheDir, `${name}.mjs`);
  const result = await build({
    entryPoints: [absolute],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    outfile,
    logLevel: 'error',
    plugins: [
      {
        name: 'installed-packages-external',
        setup(plugin) {
          plugin.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@cartwise/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  mkdirSync(cacheDir, { recursive: true });
  // Written under a private name and renamed: two runs bundling at once never import half a file.
  const temporary = `${outfile}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, outfile);
  return outfile;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const [entry] = process.argv.splice(2, 1);
  if (!entry) {
    process.stderr.write('usage: node scripts/run-bundled.mjs <entry.ts> [args...]\n');
    process.exit(2);
  }
  let bundle;
  try {
    bundle = await bundleEntry(entry);
  } catch (error) {
    // A read-only checkout still runs, as before: through tsx, with its memory cost.
    process.stderr.write(`run-bundled: ${error instanceof Error ? error.message : String(error)}; running ${entry} through tsx\n`);
    const { register } = await import('tsx/esm/api');
    register();
  }
  await import(pathToFileURL(bundle ?? path.resolve(root, entry)).href);
}
