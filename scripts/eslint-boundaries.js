// Which package may import which, enforced by lint (see docs/ARCHITECTURE.md, "Packages"):
//   contracts  <- optimizer, receipt-reader, server, web
//   optimizer, receipt-reader  <- server (through their root entry only)
//   web imports only contracts; nothing imports server or web; Node's modules stay out of what web bundles.
// A server feature imports another feature only through that feature's index.ts.

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
const featureThroughIndex = {
  regex: '^\\.\\./[a-z-]+/(?!index$)(?![a-z-]+-test-helpers$)[^/]+$',
  message: "Another feature is imported through its index.ts ('../<feature>'); add what you need to its exports.",
};

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

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
  { files: ['server/**/*.ts'], rules: restrict([noServerOrWeb, noRelativeEscape, rootEntryOnly]) },
  { files: ['server/src/features/*/*.ts'], rules: restrict([noServerOrWeb, noRelativeEscape, rootEntryOnly, featureThroughIndex]) },
];
