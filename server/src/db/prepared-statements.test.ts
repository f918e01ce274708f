import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { prepareRepeatedStatements, STATEMENTS_PER_CONNECTION } from './prepared-statements';

/** The statements this connection holds prepared (PostgreSQL's view of the session). */
async function listPrepared(client: pg.PoolClient): Promise<string[]> {
  const result = await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement');
  return result.rows.map((row) => row.statement);
}

describe.skipIf(!inject('postgresUrl'))('prepared statements on PostgreSQL', () => {
  it('prepares a text with parameters from its second run and answers as unnamed', async () => {
    const pool = new pg.Pool({ connectionString: inject('postgresUrl')!, max: 1 });
    prepareRepeatedStatements(pool);
    const client = await pool.connect();
    try {
      const text = 'SELECT $1::int + 1 AS n';
      expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
      expect(await listPrepared(client)).toEqual([]);
      expect((await client.query(text, [2])).rows).toEqual([{ n: 3 }]);
      expect((await client.query(text, [3])).rows).toEqual([{ n: 4 }]);
      expect(await listPrepared(client)).toEqual([text]);
      // Without parameters a text may hold several statements: it is never prepared.
      for (let i = 0; i < 3; i++) await client.query('SELECT 1; SELECT 2', []);
      for (let i = 0; i < 3; i++) await client.query("UPDATE pg_settings SET setting = setting WHERE name = 'x'", []);
      expect(await listPrepared(client)).toEqual([text]);
      // A parameterless single read (an operator page's count) is prepared like any other repeated text.
      const read = 'SELECT count(*)::int AS n FROM pg_class WHERE false';
      for (let i = 0; i < 3; i++) expect((await client.query(read, [])).rows).toEqual([{ n: 0 }]);
      expect(await listPrepared(client)).toEqual([read, text].sort());
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('keeps at most the limit prepared on one connection and runs the rest unnamed', async () => {
    const pool = new pg.Pool({ connectionString: inject('postgresUrl')!, max: 1 });
    prepareRepeatedStatements(pool);
    const client = await pool.connect();
    try {
      for (let i = 0; i < STATEMENTS_PER_CONNECTION + 5; i++) {
        const text = `SELECT $1::int + ${i} AS n`;
        await client.query(text, [1]);
        expect((await client.query(text, [1])).rows).toEqual([{ n: 1 + i }]);
      }
      expect(await listPrepared(client)).toHaveLength(STATEMENTS_PER_CONNECTION);
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('runs a statement again unnamed when another session changed what it reads, then prepares it anew', async () => {
    const url = inject('postgresUrl')!;
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    prepareRepeatedStatements(pool);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const table = `prepared_change_${process.pid}`;
    const client = await pool.connect();
    try {
      await other.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text)`);
      await other.query(`INSERT INTO ${table} VALUES (1, 'one')`);
      const text = `SELECT * FROM ${table} WHERE id = $1`;
      for (let i = 0; i < 3; i++) expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
      expect(await listPrepared(client)).toContain(text);
      // A migration on another instance adds a column.
      await other.query(`ALTER TABLE ${table} ADD COLUMN extra int DEFAULT 7`);
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', extra: 7 }]);
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', extra: 7 }]);
      expect(await listPrepared(client)).toContain(text);
    } finally {
      client.release();
      await pool.end();
      await other.query(`DROP TABLE IF EXISTS ${table}`);
      await other.end();
    }
  });
});
