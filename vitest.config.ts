import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['server/src/test/no-network.ts'],
          // CPU-heavy image and solver tests: a busy 2-core machine can take several times their usual seconds.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/src/test/global-setup.ts'],
          setupFiles: ['server/src/test/no-network.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
