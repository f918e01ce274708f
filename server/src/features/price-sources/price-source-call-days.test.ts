import { Readable } from 'node:stream';
import { getTodayIso } from '@cartwise/contracts';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { readCallsOn } from './price-source-call-days';
import type { PriceSource } from './price-source';
import { prepareRun, startRun } from './price-source-runs.service';

const t = registerTestApp();
const LIMIT = 5;

/** A metered source that wants `wanted` calls per run and, like Kroger's, stops at the budget the run gives it. */
function createMeteredSource(wanted: number, seenLeft: number[]): PriceSource {
  return {
    id: 'metered-test',
    label: 'Metered',
    dailyCallLimit: LIMIT,
    async *discover(ctx) {
      const left = Number(ctx.config.callsLeft);
      seenLeft.push(left);
      for (let call = 0; call < Math.min(wanted, left); call += 1) ctx.onCall?.();
      if (wanted > left) throw new Error('The daily limit is reached');
      yield { name: 'page', open: () => Promise.resolve(Readable.from([])) };
    },
    async *read() {},
  };
}

async function runOnce(source: PriceSource): Promise<void> {
  const { runId, folder } = await prepareRun(t.app, source);
  await startRun(t.app, { runId, folder, source, inputs: { kind: 'discover' }, startedBy: null });
  await t.app.backgroundTasks.settle();
}

describe('a metered source’s daily calls', () => {
  it('are counted in the database, so the day’s next run gets only what is left and then nothing', async () => {
    const seenLeft: number[] = [];
    await runOnce(createMeteredSource(3, seenLeft));
    expect(await readCallsOn(t.app, 'metered-test', getTodayIso())).toBe(3);
    await runOnce(createMeteredSource(3, seenLeft));
    await runOnce(createMeteredSource(1, seenLeft));
    expect(seenLeft).toEqual([LIMIT, LIMIT - 3, 0]);
    expect(await readCallsOn(t.app, 'metered-test', getTodayIso())).toBe(LIMIT);
  });
});
