import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|txt|json|webmanifest|map)$/;

/**
 * Writes .br and .gz next to every text file of the build, at the highest levels (done once, at build),
 * so the server sends them as they are instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cartwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            const bytes = await fs.readFile(file);
            if (bytes.length < 512) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
              }),
              gzip(bytes, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

/**
 * A phone on a slow link pays a round trip per request (six at a time over HTTP/1.1): the code every signed-in
 * page needs ships as one `shell` chunk and the few pieces the landing page shares (buttons, icons, formatting)
 * as one `kit` chunk, instead of some forty files of a few hundred bytes. Route pages, Radix widgets, the auth
 * client, charts and the barcode reader stay in their own chunks, loaded by the screens that use them.
 */
const CHUNK_GROUPS = [
  { name: 'react', priority: 3, test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
  {
    name: 'kit',
    priority: 2,
    test: /web[\\/]src[\\/](components[\\/](brand-mark|button|icon|spinner)|lib[\\/](format|use-after-idle)|features[\\/]public[\\/]pricing)\.tsx?$|packages[\\/]contracts[\\/]src[\\/](domain[\\/](constants|format)|api[\\/]boot-paths)\.ts$/,
  },
  {
    name: 'shell',
    priority: 1,
    test: /node_modules[\\/](@tanstack|zod)[\\/]|packages[\\/]contracts[\\/]|web[\\/]src[\\/](app[\\/](app-shell|providers|query-client)|components[\\/](back-link|badge|card|checkbox|data-table|empty-state|form-message|money|page-header|placeholder-page|quantity-unit-fields|select-field|text-field|toast-store)|lib[\\/](api-client|client-log|format-provider|app-config|use-format)|features[\\/](auth[\\/](auth-context|auth-session|session-signal|session-refresh|auth-navigator|guards|use-realtime-updates)|layout[\\/](app-layout|nav-items|shell-top-bar|user-menu|notification-bell|use-notifications|debug-panel)|offline[\\/](outbox|outbox-store|outbox-replay|connection-banner|use-online-status)|billing[\\/](billing-api|expired-banner)))\.tsx?$/,
  },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    precompress(),
    VitePWA({
      // A new version waits until the shopper chooses to reload (the update prompt), never mid-trip.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Cartwise',
        short_name: 'Cartwise',
        description: 'Spend less on groceries: receipts, split-cart plans, deals and shared lists.',
        start_url: '/u/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#15803d',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell, every lazy page chunk and the barcode reader's WebAssembly (about 1 MB).
        globPatterns: ['**/*.{js,css,html,wasm,png,svg,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Shows pushes and opens their page on a tap (web/public/push-handler.js).
        importScripts: ['/push-handler.js'],
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // API reads a shopper needs in the aisle without signal: the session, preferences, their lists (and the last
            // split-cart plan of each), the pantry, deals and households; network first, the cached answer when
            // offline or slow. Workbox copies this function into the worker as text: it must not use outer names.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              /^\/api\/(auth\/get-session|me|app-config|settings\/preferences|lists(\/[^/]+(\/recommendations)?)?|pantry|deals|households)$/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'api-reads',
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 86_400 },
            },
          },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      // The Fastify server owns /api (auth, data, SSE); in dev Vite forwards to it.
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: CHUNK_GROUPS } } },
  },
});
