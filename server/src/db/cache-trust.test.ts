import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, inject, it, vi } from 'vitest';
import { ZPantryList, pantryApi } from '@cartwise/contracts';
import type { App } from '../app-types';
import { registerTestApp, registerTwoInstances } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { createCacheTrust, isReadOnlySql } from './cache-trust';
import { openDatabase, SQLITE_DATA_VERSION_INTERVAL_MS } from './database';
import { createId, nowIso } from './ids';
import { cachePerUser } from './per-user-cache';
import { HEARTBEAT_TIMEOUT_MS } from '../realtime/version-heartbeat';
import { callRoute } from '../test/call-route';

const isPostgres = Boolean(inject('postgresUrl'));

async function readPantryNames(app: App, user: TestUser): Promise<string[]> {
  const res = await callRoute(app, pantryApi.list, { headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return ZPantryList.parse(res.json()).items.map((i) => i.name);
}

const buildPantryRow = (userId: string, name: string) => ({
  id: createId(),
  user_id: userId,
  household_id: null,
  name,
  expires_on: null,
  product_id: null,
  created_at: nowIso(),
  updated_at: nowIso(),
});

describe('cache trust', () => {
  it('stops trusting on any write, on a notice for the user or a table, and while not listening', () => {
    const trust = createCacheTrust({ isListening: false });
    expect(trust.snapshot('u1')).toBeNull();
    trust.setListening(true);
    const token = trust.snapshot('u1');
    expect(trust.isCurrent(token, 'u1')).toBe(true);
    trust.applyNotice('u:u2');
    expect(trust.isCurrent(token, 'u1')).toBe(true);
    trust.applyNotice('u:u1');
    expect(trust.isCurrent(token, 'u1')).toBe(false);
    const afterNotice = trust.snapshot('u1');
    trust.applyNotice('t:deals');
    expect(trust.isCurrent(afterNotice, 'u1')).toBe(false);
    const beforeWrite = trust.snapshot();
    trust.noteWrite();
    expect(trust.isCurrent(beforeWrite)).toBe(false);
    const beforeLoss = trust.snapshot();
    trust.setListening(false);
    trust.setListening(true);
    expect(trust.isCurrent(beforeLoss)).toBe(false);
  });

  it('counts every statement that may change data, and a commit, as a write', async () => {
    const url = inject('postgresUrl') ?? null;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-trust-'));
    // A handle of its own (a fresh file, or the suite's database): no event bus, so no notice can help it.
    const handle = openDatabase({ databaseUrl: url, dataDir });
    handle.trust.setListening(true);
    try {
      const idle = handle.trust.snapshot();
      await sql`select 1 as one`.execute(handle.db);
      expect(handle.trust.isCurrent(idle)).toBe(true);
      let insideTransaction = handle.trust.snapshot();
      await handle.db.transaction().execute(async (trx) => {
        await sql`create temp table trust_probe (id text)`.execute(trx);
        await sql`insert into trust_probe (id) values ('x')`.execute(trx);
        // Taken after the write ran but before it is visible to anyone else: the commit must still count.
        insideTransaction = handle.trust.snapshot();
      });
      expect(handle.trust.isCurrent(insideTransaction)).toBe(false);
    } finally {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('cached reads', () => {
  const t = registerTestApp();

  it('write nothing themselves, so that repeat visits stay trusted', async () => {
    const shopper = await createUser(t.app);
    const urls = ['/api/pantry', '/api/lists', '/api/deals', '/api/dashboard', '/api/analytics/spend'];
    const visit = async () => {
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url, headers: asUser(shopper) });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    };
    await visit();
    const token = t.app.database.trust.snapshot();
    await visit();
    expect(t.app.database.trust.isCurrent(token)).toBe(true);
    // Rebuilt after the shopper's write: the statements that rebuild (the dashboard's starts with WITH) read only.
    await t.app.db.updateTable('user_data_versions').set({ version: 1000 }).where('user_id', '=', shopper.id).execute();
    const afterWrite = t.app.database.trust.snapshot();
    await visit();
    expect(t.app.database.trust.isCurrent(afterWrite)).toBe(true);
  });

  it('tells reads from statements that may write by their text', () => {
    expect(isReadOnlySql('with "v" as materialized (select "version" from "user_data_versions") select "v"."version" from "v"')).toBe(true);
    expect(isReadOnlySql('select "updated_at" from "receipts"')).toBe(true);
    expect(isReadOnlySql('with "gone" as (delete from "deals" returning "id") select count(*) from "gone"')).toBe(false);
    expect(isReadOnlySql('WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x')).toBe(false);
    expect(isReadOnlySql('update "deals" set "status" = $1')).toBe(false);
    expect(isReadOnlySql('pragma data_version')).toBe(false);
  });
});

describe.skipIf(isPostgres)('trusted versions on SQLite', () => {
  const t = registerTestApp();

  it('shows a write made through another connection to the same file within the data_version interval', async () => {
    const shopper = await createUser(t.app);
    expect(await readPantryNames(t.app, shopper)).toEqual([]);
    expect(await readPantryNames(t.app, shopper)).toEqual([]);
    const other = new SQLite(t.app.database.sqlitePath!);
    try {
      const row = buildPantryRow(shopper.id, 'From the CLI');
      other
        .prepare(
          'INSERT INTO pantry_items (id, user_id, household_id, name, expires_on, product_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(row.id, row.user_id, row.household_id, row.name, row.expires_on, row.product_id, row.created_at, row.updated_at);
    } finally {
      other.close();
    }
    const started = Date.now();
    await vi.waitFor(async () => expect(await readPantryNames(t.app, shopper)).toEqual(['From the CLI']), { timeout: 2000, interval: 20 });
    expect(Date.now() - started).toBeLessThan(SQLITE_DATA_VERSION_INTERVAL_MS * 3);
  });
});

/** How many statements `app` sends to PostgreSQL to answer the user's pantry (none when it trusts its cache). */
async function countQueriesOfRead(app: App, user: TestUser): Promise<number> {
  let queries = 0;
  const count = () => queries++;
  app.database.pool!.on('acquire', count);
  try {
    await readPantryNames(app, user);
  } finally {
    app.database.pool!.off('acquire', count);
  }
  return queries;
}

/** The notices of the user's first writes (their version row) arrive soon after them; then a read asks nothing. */
async function waitUntilTrusted(app: App, user: TestUser): Promise<void> {
  await vi.waitFor(async () => expect(await countQueriesOfRead(app, user)).toBe(0), { timeout: 2000, interval: 20 });
}

describe.skipIf(!isPostgres)('trusted versions on PostgreSQL', () => {
  const instances = registerTwoInstances();

  it('answers a repeat read from memory while listening', async () => {
    const shopper = await createUser(instances.a);
    expect(await countQueriesOfRead(instances.a, shopper)).toBeGreaterThan(0);
    await waitUntilTrusted(instances.a, shopper);
  });

  it('shows on A, once the notice arrives, a pantry item added through B', async () => {
    const shopper = await createUser(instances.a);
    expect(await readPantryNames(instances.a, shopper)).toEqual([]);
    expect(await readPantryNames(instances.a, shopper)).toEqual([]);
    await instances.b.db.insertInto('pantry_items').values(buildPantryRow(shopper.id, 'Flour')).execute();
    await vi.waitFor(async () => expect(await readPantryNames(instances.a, shopper)).toEqual(['Flour']), { timeout: 2000, interval: 20 });
  });

  it('notes a commit of its own even before its notice arrives', async () => {
    const shopper = await createUser(instances.a);
    // A handle on A's database with no listener: only its own bookkeeping can tell its cache about the commit.
    const handle = openDatabase({ databaseUrl: instances.a.config.databaseUrl, dataDir: instances.a.config.dataDir });
    handle.trust.setListening(true);
    const read = cachePerUser(async (deps: { db: typeof handle.db }, userId: string) =>
      (await deps.db.selectFrom('pantry_items').select('name').where('user_id', '=', userId).execute()).map((r) => r.name),
    );
    try {
      expect(await read(handle, shopper.id)).toEqual([]);
      await handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('pantry_items').values(buildPantryRow(shopper.id, 'Rice')).execute();
        // Read on another connection while the insert is uncommitted: the version it sees is the old one.
        expect(await read(handle, shopper.id)).toEqual([]);
      });
      expect(await read(handle, shopper.id)).toEqual(['Rice']);
    } finally {
      await handle.close();
    }
  });

  it('trusts nothing while its listening connection is lost, and again once it listens', async () => {
    const shopper = await createUser(instances.a);
    await waitUntilTrusted(instances.a, shopper);
    const admin = new pg.Client({ connectionString: instances.a.config.databaseUrl! });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN cartwise_versions%'",
      );
      expect(rows.length).toBe(2);
      const others = rows.map((r) => r.pid);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [others]);
      await vi.waitFor(() => expect(instances.a.database.trust.isListening).toBe(false), { timeout: 2000, interval: 5 });
      expect(await readPantryNames(instances.a, shopper)).toEqual([]);
      await instances.b.db.insertInto('pantry_items').values(buildPantryRow(shopper.id, 'Oats')).execute();
      // Not listening: the version is read on every request, so the write shows at once.
      if (!instances.a.database.trust.isListening) expect(await readPantryNames(instances.a, shopper)).toEqual(['Oats']);
      await vi.waitFor(() => expect(instances.a.database.trust.isListening).toBe(true), { timeout: 5000, interval: 20 });
      await instances.b.db.insertInto('pantry_items').values(buildPantryRow(shopper.id, 'Bran')).execute();
      await vi.waitFor(async () => expect(await readPantryNames(instances.a, shopper)).toEqual(['Bran', 'Oats']), { timeout: 2000 });
    } finally {
      await admin.end();
    }
  });

  it('trusts nothing once its own pings stop coming back, as on a silently dead connection', async () => {
    const shopper = await createUser(instances.a);
    await waitUntilTrusted(instances.a, shopper);
    const admin = new pg.Client({ connectionString: instances.a.config.databaseUrl! });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN cartwise_versions%'",
    );
    expect(rows.length).toBe(2);
    // A frozen server process keeps its connection open and sends nothing, with no error on the client.
    for (const { pid } of rows) process.kill(pid, 'SIGSTOP');
    try {
      await vi.waitFor(() => expect(instances.a.database.trust.isListening).toBe(false), { timeout: HEARTBEAT_TIMEOUT_MS * 2 });
      expect(await readPantryNames(instances.a, shopper)).toEqual([]);
      await instances.b.db.insertInto('pantry_items').values(buildPantryRow(shopper.id, 'Yeast')).execute();
      expect(await readPantryNames(instances.a, shopper)).toEqual(['Yeast']);
    } finally {
      for (const { pid } of rows) process.kill(pid, 'SIGCONT');
      await admin.end();
    }
    await vi.waitFor(() => expect(instances.a.database.trust.isListening).toBe(true), { timeout: HEARTBEAT_TIMEOUT_MS * 2 });
  });

  it('shows a write from B at once while A is not listening at all', async () => {
    const shopper = await createUser(instances.a);
    await waitUntilTrusted(instances.a, shopper);
    await instances.a.events.close();
    expect(instances.a.database.trust.isListening).toBe(false);
    // A read now must not leave anything trusted behind it.
    expect(await readPantryNames(instances.a, shopper)).toEqual([]);
    await instances.b.db.insertInto('pantry_items').values(buildPantryRow(shopper.id, 'Salt')).execute();
    expect(await readPantryNames(instances.a, shopper)).toEqual(['Salt']);
  });
});
