import type { OutboxEntry, OutboxOp, OutboxStore } from './outbox-replay';

const DB_NAME = 'cartwise-outbox';
const STORE = 'changes';

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB is unavailable'));
    };
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = action(transaction.objectStore(STORE));
    // Resolve once the transaction commits, so a change is on disk before the page can report it queued.
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

/** The durable queue of offline changes: IndexedDB survives a reload and a closed tab. */
export const indexedDbOutbox: OutboxStore & { add(op: OutboxOp): Promise<void>; clear(): Promise<void> } = {
  list: () => run('readonly', (store) => store.getAll() as IDBRequest<OutboxEntry[]>),
  put: async (entry) => {
    await run('readwrite', (store) => store.put(entry));
  },
  remove: async (seq) => {
    await run('readwrite', (store) => store.delete(seq));
  },
  add: async (op) => {
    await run('readwrite', (store) => store.add(op));
  },
  clear: async () => {
    await run('readwrite', (store) => store.clear());
  },
};
