import { afterEach, describe, expect, it } from 'vitest';
import { collectReceiptGarbage } from './collect-garbage';

type WithGc = { gc?: (options?: object) => void };
const exposed = (globalThis as WithGc).gc;

afterEach(() => {
  (globalThis as WithGc).gc = exposed;
});

describe('collectReceiptGarbage', () => {
  it('runs one full collection when the process was started with --expose-gc', () => {
    const calls: unknown[] = [];
    (globalThis as WithGc).gc = (options) => calls.push(options);
    collectReceiptGarbage();
    expect(calls).toEqual([undefined]);
  });

  it('does nothing, and does not throw, without the flag', () => {
    delete (globalThis as WithGc).gc;
    expect(() => collectReceiptGarbage()).not.toThrow();
  });
});
