import { describe, expect, it } from 'vitest';
import { LazyResource } from './lazy-resource';

describe('LazyResource', () => {
  it('creates once, shares it, and creates anew after release', async () => {
    let created = 0;
    const disposed: number[] = [];
    const resource = new LazyResource(
      () => Promise.resolve(++created),
      (value) => {
        disposed.push(value);
        return Promise.resolve();
      },
    );
    expect(await Promise.all([resource.get(), resource.get()])).toEqual([1, 1]);
    await resource.release();
    expect(disposed).toEqual([1]);
    expect(await resource.get()).toBe(2);
  });

  it('retries after a failed creation and disposes of nothing it never had', async () => {
    let attempts = 0;
    const disposed: string[] = [];
    const resource = new LazyResource(
      () => (++attempts === 1 ? Promise.reject(new Error('model missing')) : Promise.resolve('session')),
      (value) => {
        disposed.push(value);
        return Promise.resolve();
      },
    );
    await expect(resource.get()).rejects.toThrow('model missing');
    expect(await resource.get()).toBe('session');
    await resource.release();
    await resource.release();
    expect(disposed).toEqual(['session']);
  });
});
