import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it, inject, vi } from 'vitest';
import { openDatabase } from './database';

describe('openDatabase on PostgreSQL', () => {
  it.runIf(inject('postgresUrl'))('survives the server dropping an idle pooled connection and reconnects', async () => {
    const url = inject('postgresUrl')!;
    const onIdleConnectionError = vi.fn();
    const handle = openDatabase({ databaseUrl: url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cw-db-')), onIdleConnectionError });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = before.rows[0]!.pid;
      // What a database restart or an operator's pg_terminate_backend does to a connection sitting in the pool.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await vi.waitFor(() => expect(onIdleConnectionError).toHaveBeenCalledTimes(1), { timeout: 3000 });

      const after = await sql<{ answer: number }>`select 1 + 1 as answer`.execute(handle.db);
      expect(after.rows[0]!.answer).toBe(2);
    } finally {
      await admin.end();
      await handle.close();
    }
  });
});
