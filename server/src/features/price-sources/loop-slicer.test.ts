import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { LoopSlicer } from './loop-slicer';

describe('LoopSlicer', () => {
  it('lets other work run during a long loop, and never holds the loop much past its slice', async () => {
    let turns = 0;
    let isLooping = true;
    const countTurns = () => {
      turns += 1;
      if (isLooping) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const slicer = new LoopSlicer();
    let longest = 0;
    let sliceStart = performance.now();
    const ends = performance.now() + 120;
    while (performance.now() < ends) {
      if (slicer.isDue()) {
        longest = Math.max(longest, performance.now() - sliceStart);
        await slicer.giveWay();
        sliceStart = performance.now();
      }
    }
    isLooping = false;
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(longest).toBeLessThan(80);
  });

  it('reads the clock only every 128 steps', () => {
    const slicer = new LoopSlicer();
    const started = performance.now();
    while (performance.now() - started < 20);
    const due = Array.from({ length: 256 }, () => slicer.isDue());
    expect(due.filter(Boolean)).toHaveLength(2);
    expect(due[127]).toBe(true);
  });
});
