import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { solveSplitCart } from '@cartwise/optimizer';
import { buildSameTripList } from '@cartwise/optimizer';
import type { SplitCartInstance } from '@cartwise/optimizer';
import { SolverThread } from './solver-thread';

const TWO_STORES: SplitCartInstance = {
  format: 'splitcart/v1',
  K: null,
  items: [
    { id: 'milk', qty: 1, penalty: null },
    { id: 'eggs', qty: 2, penalty: null },
  ],
  stores: [
    { id: 'a', visitCost: 100 },
    { id: 'b', visitCost: 100 },
  ],
  offers: [
    [0, 0, 300],
    [1, 0, 350],
    [0, 1, 500],
    [1, 1, 200],
  ],
};

function createLog() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger & {
    error: ReturnType<typeof vi.fn>;
  };
}

describe('SolverThread', () => {
  let solver: SolverThread | undefined;
  afterEach(async () => {
    await solver?.close();
  });

  it('returns the same plan as solving in place', async () => {
    const log = createLog();
    solver = new SolverThread(log);
    const large = buildSameTripList(5, 60, 20);
    expect(await solver.solve(large)).toEqual(solveSplitCart(large));
    expect(log.error).not.toHaveBeenCalled();
  });

  it('keeps the event loop free while a long solve runs', async () => {
    const log = createLog();
    solver = new SolverThread(log);
    await solver.solve(buildSameTripList(5, 20, 13)); // the thread is started and warm
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const result = await solver.solve(buildSameTripList(11, 250, 50), { timeLimitMs: 400 });
    clearInterval(timer);
    expect(result.isFeasible).toBe(true);
    // On the request thread the timer could not fire once until the solve returned.
    expect(ticks).toBeGreaterThan(20);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('answers a household list at once instead of queueing it behind a long solve on the thread', async () => {
    solver = new SolverThread(createLog());
    await solver.solve(buildSameTripList(5, 20, 13)); // the thread is started and warm
    let isLongDone = false;
    const long = solver.solve(buildSameTripList(11, 250, 50), { timeLimitMs: 400 }).then(() => (isLongDone = true));
    expect(await solver.solve(TWO_STORES)).toEqual(solveSplitCart(TWO_STORES));
    expect(isLongDone).toBe(false);
    await long;
  });

  it('still answers, on the calling thread, when the worker thread dies mid-solve', async () => {
    const log = createLog();
    solver = new SolverThread(log);
    const pending = solver.solve(buildSameTripList(11, 250, 50), { timeLimitMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await solver.close();
    const result = await pending;
    expect(result.isFeasible).toBe(true);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
