// A long loop of an import's writes gives way to the event loop between slices. On PostgreSQL (and in the CLI) the
// writes run on the server's own thread: a chunk's few thousand rows, or a store's price history read back into a
// map, held it for tens of milliseconds at once. On the SQLite write thread giving way costs a turn of its own loop.
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** The longest stretch a loop runs before it gives way. */
const SLICE_MS = 8;

export class LoopSlicer {
  private startedAt = performance.now();
  private steps = 0;

  /** True once the slice's time is up; the clock is read only every 128 steps, so calling it per row is cheap. */
  isDue(): boolean {
    return (++this.steps & 127) === 0 && performance.now() - this.startedAt >= SLICE_MS;
  }

  /** Lets the event loop run whatever waits, then starts the next slice. */
  async giveWay(): Promise<void> {
    await yieldToEventLoop();
    this.startedAt = performance.now();
  }
}
