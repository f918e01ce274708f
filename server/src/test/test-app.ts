import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app';
import type { App } from '../app-types';
import { loadConfig, type AppConfig } from '../config';
import { createLogger, type Logger } from '../logger';

export interface TestApp {
  app: App;
  close(): Promise<void>;
  /** Closes the app and starts a new one on the same database and data dir, as a restart does. */
  restart(): Promise<App>;
}

/** A fresh app on a fresh database: a new SQLite file, or a new database on the test PostgreSQL server. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: { logger?: Logger } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-test-'));
  const postgresUrl = inject('postgresUrl');
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (postgresUrl) {
    const name = `cw_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig({
    dataDir,
    databaseUrl,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    publicUrl: 'http://localhost:3000',
    isSeedEnabled: false,
    isWorkerEnabled: false,
    isTest: true,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    authRateLimitPerMinute: 10_000,
    adminEmail: null,
    smtpUrl: null,
    isSignupVerifiedByEmail: false,
    stripe: null,
    // Tests read reset links and codes from the outbox, as a developer with DEV_OUTBOX_SECRETS=true does.
    isOutboxShowingSecrets: overrides.isProduction !== true,
    ...overrides,
  });
  const start = async () => {
    const started = await buildApp(config, options.logger ?? createLogger(config.logLevel));
    await started.ready();
    sendOriginLikeABrowser(started, config.publicUrl);
    return started;
  };
  let app = await start();
  return {
    get app() {
      return app;
    },
    async close() {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await app.close();
      app = await start();
      return app;
    },
  };
}

/**
 * Browsers send Origin with every write; the CSRF guard (http/csrf.ts) refuses cookie-carrying writes without
 * it. Injected requests get the app's own Origin unless the test names an `origin` header itself (a test that
 * means to send none passes `origin: undefined`).
 */
function sendOriginLikeABrowser(app: App, publicUrl: string): void {
  const origin = new URL(publicUrl).origin;
  const inject = app.inject.bind(app);
  const withOrigin = (options: InjectOptions): InjectOptions => {
    const headers = { ...(options.headers ?? {}) };
    if (!('origin' in headers)) headers.origin = origin;
    else if (headers.origin === undefined) delete headers.origin;
    return { ...options, headers };
  };
  // Mail goes out after the answer (platform/background-tasks.ts); a test reads the outbox once it is written.
  const injectAndSettle = async (options: InjectOptions) => {
    const response = await inject(options);
    await app.backgroundTasks.settle();
    return response;
  };
  app.inject = ((options?: InjectOptions | string) => {
    if (options === undefined) return inject();
    return injectAndSettle(typeof options === 'string' ? withOrigin({ url: options }) : withOrigin(options));
  }) as App['inject'];
}

/**
 * One fresh app for a whole test file: registers the beforeAll that builds it and the afterAll that closes
 * it. Call it before the file's own hooks: vitest runs beforeAll hooks in the order they were
 * registered (sequence.hooks 'stack'), so those hooks can already use `t.app`.
 */
export function registerTestApp(overrides: Partial<AppConfig> = {}): Pick<TestApp, 'app'> {
  let current: TestApp | null = null;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    get app(): App {
      if (!current) throw new Error('The test app is built in beforeAll; read t.app inside a hook or a test');
      return current.app;
    },
  };
}

/**
 * Two app instances on one PostgreSQL database for a whole describe block, as several servers behind a proxy run:
 * each keeps its own in-memory caches, so a test can write through `a` and read through `b`.
 */
export function registerTwoInstances(): { readonly a: App; readonly b: App } {
  let a: TestApp | null = null;
  let b: TestApp | null = null;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ databaseUrl: a.app.config.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const read = (instance: TestApp | null): App => {
    if (!instance) throw new Error('The instances are built in beforeAll; read them inside a hook or a test');
    return instance.app;
  };
  return {
    get a() {
      return read(a);
    },
    get b() {
      return read(b);
    },
  };
}
