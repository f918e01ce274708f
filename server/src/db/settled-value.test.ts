import { describe, expect, it } from 'vitest';
import { noteSettled, peekSettled } from './settled-value';

describe('settled values of cached promises', () => {
  it('answers only once a noted promise has resolved, with its value', async () => {
    let resolve!: (value: { page: number }) => void;
    const pending = noteSettled(new Promise<{ page: number }>((r) => (resolve = r)));
    expect(peekSettled(pending)).toBeUndefined();
    const page = { page: 1 };
    resolve(page);
    await pending;
    expect(peekSettled(pending)).toBe(page);
  });

  it('never answers for a rejected or an unnoted promise', async () => {
    const failed = noteSettled(Promise.reject(new Error('read failed')));
    await expect(failed).rejects.toThrow('read failed');
    expect(peekSettled(failed)).toBeUndefined();
    const unnoted = Promise.resolve(3);
    await unnoted;
    expect(peekSettled(unnoted)).toBeUndefined();
  });
});
