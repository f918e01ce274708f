// Compiles the server to plain JavaScript in server/dist, which `npm run serve` runs (no TypeScript loader in
// production). One esbuild bundle per entry: the server, the worker threads (the split-cart solver, a price
// import's writes), and each migration
// (the migrator lists server/dist/migrations at start-up). Our own workspace code (@cartwise/*) is bundled;
// installed packages stay external, so native modules and model files resolve from node_modules. Every file lives
// directly in server/dist (shared code in chunk files beside them), so `new URL('./x.js', import.meta.url)` works
// from any of them. `--outdir <dir>` and `--entry <name>=<file>` (repeatable) build the same bundles elsewhere
// with more entries beside them, as bench:ingest does to run its import child as compiled JavaScript.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'server/src');
const { values: args } = parseArgs({ options: { outdir: { type: 'string' }, entry: { type: 'string', multiple: true } } });
const outdir = path.resolve(root, args.outdir ?? 'server/dist');
const extraEntryPoints = Object.fromEntries(
  (args.entry ?? []).map((entry) => [entry.slice(0, entry.indexOf('=')), path.resolve(root, entry.slice(entry.indexOf('=') + 1))]),
);

const migrations = readdirSync(path.join(src, 'db/migrations')).filter((f) => /^\d{8}T\d{4}-[a-z0-9-]+\.ts$/.test(f));
const entryPoints = {
  main: path.join(src, 'main.ts'),
  'solve-worker': path.join(src, 'features/splitcart/solve-worker.ts'),
  'import-write-worker': path.join(src, 'features/price-sources/import-write-worker.ts'),
  ...Object.fromEntries(migrations.map((f) => [`migrations/${f.replace(/\.ts$/, '')}`, path.join(src, 'db/migrations', f)])),
  ...extraEntryPoints,
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
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
process.stdout.write(`server built to ${path.relative(root, outdir)} in ${Date.now() - started} ms\n`);
