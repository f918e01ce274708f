// The day's API calls of a metered source, kept in the database so that every run of the day, scheduled or started
// by an operator on any instance, draws on one budget (Kroger counts its limit per application and day).
import { getTodayIso } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import type { PriceSource } from './price-source';

/** Calls are written in batches of this many while a run goes on, and the rest when it ends. */
const FLUSH_EVERY = 25;

export interface CallLedger {
  /** Calls the source may still make today, counted when the ledger opened. */
  callsLeft: number;
  /** One call made; never throws (a failed write is logged and retried with the next batch). */
  record(): void;
  /** Writes the calls not yet written; call it when the run ends. */
  flush(): Promise<void>;
}

export async function readCallsOn(deps: Deps<'db'>, sourceId: string, day: string): Promise<number> {
  const row = await deps.db
    .selectFrom('price_source_call_days')
    .select('calls')
    .where('source_id', '=', sourceId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.calls ?? 0;
}

async function addCalls(deps: Deps<'db'>, sourceId: string, day: string, count: number): Promise<void> {
  await deps.db
    .insertInto('price_source_call_days')
    .values({ source_id: sourceId, day, calls: count })
    .onConflict((oc) => oc.columns(['source_id', 'day']).doUpdateSet((eb) => ({ calls: eb('price_source_call_days.calls', '+', count) })))
    .execute();
}

/** The ledger of a source with a daily call limit; null for a source without one. */
export async function openCallLedger(deps: Deps<'db' | 'log'>, source: PriceSource): Promise<CallLedger | null> {
  const limit = source.dailyCallLimit;
  if (limit === undefined) return null;
  const day = getTodayIso();
  const used = await readCallsOn(deps, source.id, day);
  let pending = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = (): Promise<void> => {
    const count = pending;
    if (count === 0) return writing;
    pending = 0;
    writing = writing
      .then(() => addCalls(deps, source.id, day, count))
      .catch((err: unknown) => {
        pending += count;
        deps.log.error({ err, sourceId: source.id, calls: count }, 'price source calls not counted');
      });
    return writing;
  };
  return {
    callsLeft: Math.max(0, limit - used),
    record() {
      pending += 1;
      if (pending >= FLUSH_EVERY) void write();
    },
    async flush() {
      await write();
      await writing;
    },
  };
}
