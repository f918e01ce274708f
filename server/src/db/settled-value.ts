/**
 * The values of cached promises that have resolved, so a repeat read can answer at once: a cached page handed
 * back as a promise costs the route an async handler, a `then` and their microtasks, and every promise pays
 * the AsyncLocalStorage hooks better-auth turns on for the whole process. Only the caches' own long-lived
 * promises are noted (one `then` each, when they are made), never a request's.
 */
const settled = new WeakMap<Promise<unknown>, unknown>();

export function noteSettled<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => settled.set(promise, value),
    () => {},
  );
  return promise;
}

/** The value `promise` resolved to, if it was noted and has resolved; otherwise undefined. */
export function peekSettled<T>(promise: Promise<T>): T | undefined {
  return settled.get(promise) as T | undefined;
}
