import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { solveSplitCart, type SolveOptions } from '@cartwise/optimizer';
import type { SplitCartInstance, SplitCartResult } from '@cartwise/optimizer';

export interface SolveRequest {
  id: number;
  instance: SplitCartInstance;
  options: SolveOptions;
}

export type SolveResponse = { id: number; result: SplitCartResult } | { id: number; error: string };

/** True in the compiled server (server/dist), where the worker is plain JavaScript beside this bundle. */
const isCompiled = import.meta.url.endsWith('.js');
const WORKER_URL = new URL(isCompiled ? './solve-worker.js' : './solve-worker.ts', import.meta.url);

/**
 * A list over this many stores or fewer has at most 4,096 store sets and is solved in place in well under a
 * millisecond (a household's home stores); the thread's messaging alone costs more than that.
 */
const IN_PLACE_MAX_STORES = 12;

interface Pending {
  resolve: (result: SplitCartResult) => void;
  reject: (error: Error) => void;
}

/**
 * Runs split-cart solves on one worker thread, so a list that takes the solver its whole time limit does not
 * hold every other request of the server for that long. Started with the server (or on first use) and kept;
 * solves queue in the worker in arrival order; small lists are solved in place. If the thread cannot start or
 * dies, the solve runs on the calling thread instead (logged): a shopper still gets a plan.
 */
export class SolverThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly log: FastifyBaseLogger) {}

  async solve(instance: SplitCartInstance, options: SolveOptions = {}): Promise<SplitCartResult> {
    if (instance.stores.length <= IN_PLACE_MAX_STORES) return solveSplitCart(instance, options);
    try {
      return await this.solveOnWorker(instance, options);
    } catch (error) {
      this.log.error(
        { err: error, items: instance.items.length, stores: instance.stores.length },
        'split-cart solver thread failed; solving on the request thread',
      );
      return solveSplitCart(instance, options);
    }
  }

  /** Starts the thread ahead of the first large list; a failure to start is left to that list's solve. */
  start(): void {
    if (!this.worker) this.startWorker();
  }

  /** Stops the thread; pending solves are rejected (and then solved on the calling thread). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private solveOnWorker(instance: SplitCartInstance, options: SolveOptions): Promise<SplitCartResult> {
    const worker = this.worker ?? this.startWorker();
    const id = this.nextId++;
    return new Promise<SplitCartResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // The thread is idle between solves; only a pending solve keeps the process alive.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, instance, options } satisfies SolveRequest);
    });
  }

  private startWorker(): Worker {
    // In development the server runs TypeScript through tsx, and a worker does not inherit its loader (`--import
    // tsx` in the worker's execArgv is ignored on Node 20): the thread registers tsx itself, then loads the solver.
    const tsxApi = isCompiled ? null : import.meta.resolve('tsx/esm/api');
    const worker = tsxApi
      ? new Worker(
          `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(WORKER_URL.href)}))`,
          {
            eval: true,
          },
        )
      : new Worker(WORKER_URL);
    worker.unref();
    worker.on('message', (response: SolveResponse) => {
      const pending = this.pending.get(response.id);
      if (!pending) return;
      this.pending.delete(response.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in response) pending.reject(new Error(response.error));
      else pending.resolve(response.result);
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, pending] of this.pending) {
        this.pending.delete(id);
        pending.reject(error);
      }
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`solver thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}
