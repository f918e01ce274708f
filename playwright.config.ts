import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3111);
const dataDir = path.join(os.tmpdir(), `cartwise-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // Playwright's recommended CI setting; a test that passes only on a retry is still reported as flaky.
  retries: process.env.CI ? 2 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The browser sends Origin with its own writes; this gives test calls made through page.request (which
    // share the signed-in cookies) the same header, as the server refuses cookie-carrying writes without it.
    extraHTTPHeaders: { origin: `http://localhost:${port}` },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The e2e server uses the built web app and a throwaway data dir, seeded like a newcomer's first start.
    command: `rm -rf ${dataDir} && node --import tsx server/src/main.ts`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'operator-e2e@cartwise.test',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      SEED: 'true',
      // Journeys may read reset links and codes from the development outbox.
      DEV_OUTBOX_SECRETS: 'true',
      // The push journey's push service runs on 127.0.0.1, and a partner's change is pushed after a second, not a minute.
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
      PUSH_LIST_BATCH_MS: '1000',
    },
  },
});
