import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { App } from '../app-types';
import { createUser } from '../test/factories';
import { registerTestApp } from '../test/test-app';
import { createDailyGate, refreshPlannerStatistics } from './planner-statistics';

const t = registerTestApp();
const HOUR = 60 * 60 * 1000;

/** The planner's statistics for `table`: SQLite's sqlite_stat1 rows, PostgreSQL's last analyse time. */
async function readStatistics(app: App, table: string): Promise<unknown[]> {
  if (app.database.kind === 'postgres') {
    const result = await sql<{ at: unknown }>`
      SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = ${table} AND last_analyze IS NOT NULL
    `.execute(app.db);
    return result.rows;
  }
  // SQLite creates sqlite_stat1 at its first ANALYZE.
  const stat = await sql`SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(app.db);
  if (stat.rows.length === 0) return [];
  const result = await sql<{ idx: string }>`SELECT idx FROM sqlite_stat1 WHERE tbl = ${table}`.execute(app.db);
  return result.rows;
}

describe('planner statistics', () => {
  it('analyses the tables after a bulk load, and the daily pass runs on the same database', async () => {
    await createUser(t.app);
    expect(await readStatistics(t.app, 'profiles')).toEqual([]);
    await refreshPlannerStatistics(t.app.db, 'bulk-load');
    expect((await readStatistics(t.app, 'profiles')).length).toBeGreaterThan(0);
    await refreshPlannerStatistics(t.app.db, 'daily');
    expect((await readStatistics(t.app, 'profiles')).length).toBeGreaterThan(0);
  });

  it('lets the hourly task through once a day', () => {
    let now = 0;
    const isDue = createDailyGate(() => now);
    const passes: number[] = [];
    for (let hour = 0; hour < 50; hour++) {
      now = hour * HOUR;
      if (isDue()) passes.push(hour);
    }
    expect(passes).toEqual([0, 24, 48]);
  });
});
