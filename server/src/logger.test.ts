import { describe, expect, it } from 'vitest';
import { createBatchedDestination } from './logger';

function createSink() {
  const writes: string[] = [];
  let syncFlushes = 0;
  return {
    writes,
    get syncFlushes() {
      return syncFlushes;
    },
    write: (text: string) => writes.push(text),
    flush: (callback: (err?: Error) => void) => callback(),
    flushSync: () => {
      syncFlushes++;
    },
  };
}

describe('batched log destination', () => {
  it('holds lines until enough are waiting, then writes them at once and in order', () => {
    const sink = createSink();
    const destination = createBatchedDestination(sink, 10);
    destination.write('abcd\n');
    destination.write('efgh\n');
    expect(sink.writes).toEqual(['abcd\nefgh\n']);
    destination.write('ij\n');
    expect(sink.writes).toHaveLength(1);
  });

  it('writes what waits on flush, on the timer drain and synchronously at exit', async () => {
    const sink = createSink();
    const destination = createBatchedDestination(sink, 4096);
    destination.write('one\n');
    await new Promise<void>((resolve) => destination.flush(() => resolve()));
    destination.write('two\n');
    destination.drain();
    destination.write('three\n');
    destination.flushSync();
    destination.drain();
    expect(sink.writes).toEqual(['one\n', 'two\n', 'three\n']);
    expect(sink.syncFlushes).toBe(1);
  });
});
