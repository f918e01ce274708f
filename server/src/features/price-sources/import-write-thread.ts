// Runs an import's writes on a worker thread with its own SQLite connection (import-write-worker.ts): better-sqlite3
// runs every statement on its caller's thread, so a chunk's transaction on the server's connection would hold every
// request for its length. The worker lives for one run; the pipeline keeps reading on its own thread meanwhile.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import type { ChunkCounts } from './feed-writer';
import { WriteThreadError, type ImportWrites, type WriteRequest, type WriteResponse, type WriteThreadData } from './import-writes';

/** True in the compiled server (server/dist), where the worker is plain JavaScript beside this bundle. */
const isCompiled = import.meta.url.endsWith('.js');
const WORKER_URL = new URL(isCompiled ? './import-write-worker.js' : './import-write-worker.ts', import.meta.url);

/** Records per message: copying one to the thread takes the event loop a few milliseconds at most. */
const POST_PART = 250;

interface Pending {
  resolve: (response: WriteResponse) => void;
  reject: (error: Error) => void;
}

function createWorker(data: WriteThreadData): Worker {
  if (isCompiled) return new Worker(WORKER_URL, { workerData: data });
  // Under tsx (development, tests) a worker does not inherit the loader: it registers tsx itself, then loads.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(WORKER_URL.href)}))`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** Starts the write thread of one run on `sqliteFile`. */
export function startImportWriteThread(sqliteFile: string, source: string): ImportWrites {
  const worker = createWorker({ sqliteFile, source });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: WriteThreadError | null = null;
  let isClosing = false;

  const failAll = (error: WriteThreadError) => {
    failure ??= error;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(failure);
    }
  };
  worker.on('message', (response: WriteResponse) => {
    const waiting = pending.get(response.id);
    pending.delete(response.id);
    waiting?.resolve(response);
  });
  worker.on('error', (error) => failAll(new WriteThreadError(`The import's write thread failed: ${error.message}`)));
  worker.on('exit', (code) => {
    if (!isClosing || pending.size > 0) failAll(new WriteThreadError(`The import's write thread stopped (exit code ${code})`));
  });

  const ask = async (request: Exclude<WriteRequest, { kind: 'begin-file' | 'records' }>): Promise<WriteResponse> => {
    if (failure) throw failure;
    const response = await new Promise<WriteResponse>((resolve, reject) => {
      pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
    // A statement's own error (a constraint, a lock held too long) fails the file, as on the caller's connection.
    if ('error' in response) throw new Error(response.error);
    return response;
  };

  return {
    beginFile: () => {
      if (!failure) worker.postMessage({ kind: 'begin-file' } satisfies WriteRequest);
    },
    writeChunk: async (records) => {
      let start = 0;
      for (; records.length - start > POST_PART; start += POST_PART) {
        if (failure) throw failure;
        worker.postMessage({ kind: 'records', records: records.slice(start, start + POST_PART) } satisfies WriteRequest);
        await yieldToEventLoop();
      }
      const last = start === 0 ? records : records.slice(start);
      return ((await ask({ kind: 'chunk', id: nextId++, records: last })) as { counts: ChunkCounts }).counts;
    },
    undoFile: async (since) => {
      await ask({ kind: 'undo', id: nextId++, since });
    },
    execute: async (query: CompiledQuery) => {
      await ask({ kind: 'execute', id: nextId++, sql: query.sql, parameters: query.parameters });
    },
    close: async () => {
      if (isClosing) return;
      isClosing = true;
      if (!failure) await ask({ kind: 'close', id: nextId++ }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
