// Runs imports' writes on a worker thread with its own SQLite connection (import-write-worker.ts): better-sqlite3
// runs every statement on its caller's thread, so a chunk's transaction on the server's connection would hold every
// request for its length. One thread per SQLite file starts on the first run that needs it and stays for the server's
// life (closeImportWriteThread on app close), keeping the product keys between runs; each run talks to it in a session
// of its own. A thread that died fails the runs it served and is replaced on the next run.
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import type { ChunkCounts } from './feed-writer';
import {
  WriteThreadError,
  type ImportWrites,
  type RecordPart,
  type WriteRequest,
  type WriteResponse,
  type WriteThreadData,
} from './import-writes';
import { packRecords } from './record-parts';

/** True in the compiled server (server/dist), where the worker is plain JavaScript beside this bundle. */
const isCompiled = import.meta.url.endsWith('.js');
const WORKER_URL = new URL(isCompiled ? './import-write-worker.js' : './import-write-worker.ts', import.meta.url);

/**
 * The thread's old generation at most. Below 256 MB V8 grows a heap by at most 1.3x its live size after each full
 * collection instead of up to 4x (the default for a machine's memory), which is most of the thread's memory; its
 * live size is the product keys and one store's price history, well under this.
 */
const MAX_OLD_GENERATION_MB = 256;

type Question = Exclude<WriteRequest, { kind: 'begin-file' | 'records' }>;
type Ask = Question extends infer Q ? (Q extends { id: number } ? Omit<Q, 'id'> : never) : never;

interface Pending {
  resolve: (response: WriteResponse) => void;
  reject: (error: Error) => void;
}

function createWorker(data: WriteThreadData): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: MAX_OLD_GENERATION_MB };
  if (isCompiled) return new Worker(WORKER_URL, { workerData: data, resourceLimits });
  // Under tsx (development, tests) a worker does not inherit the loader: it registers tsx itself, then loads.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(WORKER_URL.href)}))`;
  return new Worker(boot, { eval: true, workerData: data, resourceLimits });
}

/** One SQLite file's write thread. */
class WriteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextSession = 1;
  private sessions = 0;
  failure: WriteThreadError | null = null;
  private isClosing = false;

  constructor(
    sqliteFile: string,
    private readonly onDeath: () => void,
  ) {
    this.worker = createWorker({ sqliteFile });
    // Idle between runs, the thread must not keep a process alive on its own.
    this.worker.unref();
    this.worker.on('message', (response: WriteResponse) => {
      const waiting = this.pending.get(response.id);
      this.pending.delete(response.id);
      waiting?.resolve(response);
    });
    this.worker.on('error', (error) => this.fail(new WriteThreadError(`The import's write thread failed: ${error.message}`)));
    this.worker.on('exit', (code) => {
      if (!this.isClosing || this.pending.size > 0)
        this.fail(new WriteThreadError(`The import's write thread stopped (exit code ${code})`));
    });
  }

  private fail(error: WriteThreadError): void {
    this.failure ??= error;
    this.onDeath();
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.reject(this.failure);
    }
  }

  post(request: WriteRequest, transfer?: ArrayBuffer[]): void {
    if (this.failure) throw this.failure;
    this.worker.postMessage(request, transfer);
  }

  async ask(request: Ask, transfer?: ArrayBuffer[]): Promise<WriteResponse> {
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    const response = await new Promise<WriteResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as WriteRequest, transfer);
    });
    // A statement's own error (a constraint, a lock held too long) fails the file, as on the caller's connection.
    if ('error' in response) throw new Error(response.error);
    return response;
  }

  /** A run's session; the thread keeps the process alive while any is open. */
  async openSession(source: string): Promise<number> {
    const session = this.nextSession++;
    if (this.sessions++ === 0) this.worker.ref();
    try {
      await this.ask({ kind: 'open', session, source });
    } catch (error) {
      this.endSession();
      throw error;
    }
    return session;
  }

  endSession(): void {
    if (--this.sessions === 0) this.worker.unref();
  }

  get threadId(): number {
    return this.worker.threadId;
  }

  /** Ends the thread at once, as a crash would (tests). */
  stopAbruptly(): Promise<number> {
    return this.worker.terminate();
  }

  /** The app closes: the thread closes its connection and ends. */
  async close(): Promise<void> {
    if (this.isClosing) return;
    this.isClosing = true;
    // An idle thread is unreferenced: the process must still wait for its answer.
    this.worker.ref();
    if (!this.failure) await this.ask({ kind: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}

const threads = new Map<string, WriteThread>();

function findThread(sqliteFile: string): WriteThread {
  const running = threads.get(sqliteFile);
  if (running && !running.failure) return running;
  const thread: WriteThread = new WriteThread(sqliteFile, () => {
    if (threads.get(sqliteFile) === thread) threads.delete(sqliteFile);
  });
  threads.set(sqliteFile, thread);
  return thread;
}

/** A part's bytes can be handed to the thread when they fill their own buffer (v8.serialize gives such a buffer). */
function toTransfer(bytes: Uint8Array): ArrayBuffer[] {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength ? [buffer] : [];
}

/** A run's writes through the write thread of `sqliteFile` (started when there is none, or it died). */
export async function openThreadWrites(sqliteFile: string, source: string): Promise<ImportWrites> {
  const thread = findThread(sqliteFile);
  const session = await thread.openSession(source);
  let isEnded = false;
  return {
    pack: packRecords,
    beginFile: () => {
      if (!thread.failure) thread.post({ kind: 'begin-file', session });
    },
    writeChunk: async (parts: readonly RecordPart[]) => {
      const last = parts.length - 1;
      for (let i = 0; i < last; i++) {
        const bytes = parts[i] as Uint8Array;
        thread.post({ kind: 'records', session, bytes }, toTransfer(bytes));
      }
      const bytes = parts[last] as Uint8Array;
      return ((await thread.ask({ kind: 'chunk', session, bytes }, toTransfer(bytes))) as { counts: ChunkCounts }).counts;
    },
    undoFile: async (since) => {
      await thread.ask({ kind: 'undo', session, since });
    },
    execute: async (query: CompiledQuery) => {
      await thread.ask({ kind: 'execute', session, sql: query.sql, parameters: query.parameters });
    },
    close: async () => {
      if (isEnded) return;
      isEnded = true;
      if (!thread.failure) await thread.ask({ kind: 'end', session }).catch(() => undefined);
      thread.endSession();
    },
  };
}

/** Ends the write thread of `sqliteFile`, if one is running (the app closes). */
export async function closeImportWriteThread(sqliteFile: string): Promise<void> {
  const thread = threads.get(sqliteFile);
  threads.delete(sqliteFile);
  await thread?.close();
}

/** The thread id of the running write thread of `sqliteFile`, if any (tests). */
export function findWriteThreadId(sqliteFile: string): number | undefined {
  return threads.get(sqliteFile)?.threadId;
}

/** Ends the running write thread of `sqliteFile` at once, as a crash would; false when none runs (tests). */
export async function stopWriteThreadAbruptly(sqliteFile: string): Promise<boolean> {
  const thread = threads.get(sqliteFile);
  if (!thread) return false;
  await thread.stopAbruptly();
  return true;
}
