/**
 * A costly resource (model sessions) created on first use and then shared. A failed creation is forgotten, so
 * the next use tries again instead of failing forever; release() disposes of it and the next use creates it anew.
 */
export class LazyResource<T> {
  private pending: Promise<T> | undefined;

  constructor(
    private readonly create: () => Promise<T>,
    private readonly dispose: (value: T) => Promise<void>,
  ) {}

  get(): Promise<T> {
    if (!this.pending) {
      const created = this.create();
      this.pending = created;
      created.catch(() => {
        if (this.pending === created) this.pending = undefined;
      });
    }
    return this.pending;
  }

  async release(): Promise<void> {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    const value = await pending.then(
      (resource) => ({ resource }),
      () => null,
    );
    if (value) await this.dispose(value.resource);
  }
}
