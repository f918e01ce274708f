import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
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
              brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
              gzip(bytes, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  server: {
    proxy: {
      // The Fastify server owns /api (auth, data, SSE); in dev Vite forwards to it.
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
});
