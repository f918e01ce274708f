// Which package may import which, enforced by lint (see docs/ARCHITECTURE.md, "Packages"):
//   contracts  <- optimizer, receipt-reader, server, web
//   optimizer, receipt-reader  <- server (through their root entry only)
//   web imports only contracts; nothing imports server or web; Node's modules stay out of what web bundles.
// Server code reaches a feature only through that feature's index.ts: other features, and every module outside
// server/src/features/<name>/ (auth, platform, cli, db, app.ts, the feature registrar...). Files inside a feature
// folder, at any depth, import their own feature's files freely. Tests may also import another feature's
// *-test-helpers; production code may not.

const NODE_BUILTINS = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'module',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'readline',
  'stream',
  'tls',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];

const noNodeModules = [
  { regex: '^node:', message: 'Node modules stay out of code the web app bundles.' },
  { group: NODE_BUILTINS, message: 'Node modules stay out of code the web app bundles.' },
];
const noServerOrWeb = {
  regex: '^@cartwise/(server|web)(/|$)|^(\\.\\./)+(server|web)/',
  message: 'Nothing imports the server or the web app.',
};
const onlyContracts = (who) => ({
  regex: '^@cartwise/(?!contracts(/|$))',
  message: `${who} may import only @cartwise/contracts among the workspace packages.`,
});
const noRelativeEscape = {
  regex: '^(\\.\\./)+(packages|shared)/',
  message: 'Import a workspace package by its name (@cartwise/...), not by a relative path.',
};
const rootEntryOnly = {
  regex: '^@cartwise/(optimizer|receipt-reader)/',
  message: 'Import the optimizer and the receipt reader through their root entry (@cartwise/optimizer, @cartwise/receipt-reader).',
};
const FEATURE = '[a-z][a-z0-9-]*';
const THROUGH_INDEX = "Reach a feature through its index.ts ('../<feature>'); add what you need to its exports.";
// The part of a specifier after '<feature>/' that is refused: anything but its index (and, for tests, its test helpers).
const deepPart = (isTest) => `(?!index$)${isTest ? '(?![^/]+-test-helpers$)' : ''}.+`;
// From a file `depth` folders below its feature's folder, another feature is `(../){depth+1}<feature>/...`.
const deepFromFeature = (depth, isTest) => ({
  regex: `^(\\.\\./){${depth + 1}}${FEATURE}/${deepPart(isTest)}$`,
  message: THROUGH_INDEX,
});
// From server/src/features/*.ts (the registrar, background work), a feature is `./<feature>/...`.
const deepFromFeaturesRoot = (isTest) => ({ regex: `^\\./${FEATURE}/${deepPart(isTest)}$`, message: THROUGH_INDEX });
// From anywhere else in the server, a feature is `.../features/<feature>/...`.
const deepFromOutside = (isTest) => ({
  regex: `^\\.\\.?/(.*/)?features/${FEATURE}/${deepPart(isTest)}$`,
  message: THROUGH_INDEX,
});
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const SERVER_BASE = [noServerOrWeb, noRelativeEscape, rootEntryOnly];
const FEATURE_DEPTHS = [0, 1, 2, 3];

// A scope's rules for its production files, then for its tests (which also see test helpers); later entries win.
const serverScope = (globs, ignores, pattern) => [
  { files: globs, ignores, rules: restrict([...SERVER_BASE, pattern(false)]) },
  {
    files: globs.flatMap((glob) => [glob.replace(/\.ts$/, '.test.ts'), glob.replace(/\.ts$/, '-test-helpers.ts')]),
    ignores,
    rules: restrict([...SERVER_BASE, pattern(true)]),
  },
];

export const boundaryRules = [
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrict([onlyContracts('contracts'), noServerOrWeb, noRelativeEscape, ...noNodeModules]),
  },
  { files: ['packages/contracts/**/*.test.ts'], rules: restrict([onlyContracts('contracts'), noServerOrWeb, noRelativeEscape]) },
  {
    files: ['packages/optimizer/**/*.ts', 'packages/receipt-reader/**/*.ts'],
    rules: restrict([onlyContracts('This package'), noServerOrWeb, noRelativeEscape]),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/vite.config.ts'],
    rules: restrict([onlyContracts('The web app'), noServerOrWeb, noRelativeEscape, ...noNodeModules]),
  },
  { files: TESTS.map((glob) => `web/${glob}`), rules: restrict([onlyContracts('The web app'), noServerOrWeb, noRelativeEscape]) },
  { files: ['server/**/*.ts'], rules: restrict(SERVER_BASE) },
  ...serverScope(['server/src/**/*.ts'], ['server/src/features/**'], deepFromOutside),
  { files: ['server/src/test/**/*.ts'], rules: restrict([...SERVER_BASE, deepFromOutside(true)]) },
  ...serverScope(['server/src/features/*.ts'], [], deepFromFeaturesRoot),
  ...FEATURE_DEPTHS.flatMap((depth) =>
    serverScope([`server/src/features/*/${'*/'.repeat(depth)}*.ts`], [], (isTest) => deepFromFeature(depth, isTest)),
  ),
];
