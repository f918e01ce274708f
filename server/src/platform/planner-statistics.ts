import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Deps } from '../app-types';
import type { Database } from '../db/schema';
import { startHourlyTask } from './hourly-task';
import { addDaysTo } from '@cartwise/contracts';

/** Rows SQLite samples per index when it analyses: bounded work on the one connection, estimates good enough. */
const SQLITE_ANALYSIS_LIMIT = 1000;

/**
 * Refreshes the statistics both query planners choose indexes by. After a bulk load (a price import) every table is
 * analysed: PostgreSQL's `ANALYZE` samples; SQLite's runs with an analysis limit, so it reads a bounded number of
 * rows per index. The daily pass on SQLite is `PRAGMA optimize`, which analyses only the tables that changed enough.
 */
export async function refreshPlannerStatistics(db: Kysely<Database>, reason: 'bulk-load' | 'daily'): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ANALYZE`.execute(db);
    return;
  }
  await sql.raw(`PRAGMA analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  await sql.raw(reason === 'bulk-load' ? 'ANALYZE' : 'PRAGMA optimize').execute(db);
}

/** True on the first call, then on the first call at least a day (less a minute of timer drift) after the last true. */
export function createDailyGate(now: () => number = Date.now): () => boolean {
  let nextRun = -Infinity;
  return () => {
    const time = now();
    if (time < nextRun) return false;
    nextRun = addDaysTo(time, 1).getTime() - 60_000;
    return true;
  };
}

/** The background task: refreshes the statistics five minutes after start, then once a day (checked hourly). */
export function startPlannerStatistics(app: Deps<'db' | 'log'>): () => void {
  const isDue = createDailyGate();
  return startHourlyTask(app, {
    firstRunMs: 5 * 60_000,
    failureMessage: 'refreshing planner statistics failed',
    run: async () => {
      if (isDue()) await refreshPlannerStatistics(app.db, 'daily');
    },
  });
}
