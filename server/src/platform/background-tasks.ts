import type { Logger } from '../logger';

/**
 * Work that must not hold up the answer: account mail better-auth sends (a reset link, the notice to an existing
 * address's owner, a verification link) runs here, so how long the send takes says nothing about whether the address
 * has an account. A failed task is logged. `settle` waits for what is running (tests, shutdown).
 */
export interface BackgroundTasks {
  run(task: Promise<unknown>): void;
  settle(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(task) {
      const tracked = task.then(
        () => undefined,
        (err: unknown) => logger.error({ err }, 'background task failed'),
      );
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
    },
    async settle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
