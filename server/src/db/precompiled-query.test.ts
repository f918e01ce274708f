import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { nowIso } from './ids';
import { precompile } from './precompiled-query';

const t = registerTestApp();

const selectChains = precompile((db, p: { prefix: string; limit: number }) =>
  db
    .selectFrom('store_chains')
    .select(['name'])
    .where('name', 'like', p.prefix)
    .where('name', '!=', 'Excluded')
    .orderBy('name')
    .limit(p.limit),
);

describe('precompile', () => {
  it('runs the query compiled once with each call’s own parameter values', async () => {
    const names = ['Aldi', 'Albert', 'Bilka', 'Excluded'];
    await t.app.db
      .insertInto('store_chains')
      .values(names.map((name, i) => ({ id: `chain-${i}`, name, created_at: nowIso() })))
      .execute();

    expect(await selectChains(t.app.db, { prefix: 'Al%', limit: 10 })).toEqual([{ name: 'Albert' }, { name: 'Aldi' }]);
    expect(await selectChains(t.app.db, { prefix: 'B%', limit: 10 })).toEqual([{ name: 'Bilka' }]);
    expect(await selectChains(t.app.db, { prefix: '%', limit: 2 })).toEqual([{ name: 'Albert' }, { name: 'Aldi' }]);
    // The query's own constants stay as they were compiled.
    expect(await selectChains(t.app.db, { prefix: 'Ex%', limit: 10 })).toEqual([]);
  });

  it('refuses a parameter that shapes the query instead of being passed to the database', async () => {
    const byColumn = precompile((db, p: { column: string }) =>
      db
        .selectFrom('store_chains')
        .select('name')
        .orderBy(p.column === 'name' ? 'name' : 'created_at'),
    );
    await expect(byColumn(t.app.db, { column: 'name' })).rejects.toThrow(/does not pass column as a SQL parameter/);
  });

  it('never reads a row another transaction has not committed (it is rolled back here)', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let hasInserted = false;
    const rolledBack = t.app.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('store_chains').values({ id: 'chain-uncommitted', name: 'Uncommitted', created_at: nowIso() }).execute();
        hasInserted = true;
        await gate;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    while (!hasInserted) await new Promise((resolve) => setTimeout(resolve, 1));
    // Asked while the transaction is open: the answer must not include its insert, now or once it is rolled back.
    const read = selectChains(t.app.db, { prefix: 'Un%', limit: 10 });
    release();
    expect(await rolledBack).toBe('rolled back');
    expect(await read).toEqual([]);
    expect(await selectChains(t.app.db, { prefix: 'Un%', limit: 10 })).toEqual([]);
  });
});
