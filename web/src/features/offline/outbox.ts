import { onlineManager, type QueryClient } from '@tanstack/react-query';
import {
  listsApi,
  pantryApi,
  type TCreateListItem,
  type TCreatePantryItem,
  type TUpdateListItem,
  type TUpdatePantryItem,
} from '@cartwise/contracts';
import { callApi, isApiError } from '../../lib/api-client';
import { LOCAL_ID_PREFIX, replayOutbox, sendListItemPatch, type OutboxEntry, type OutboxOp } from './outbox-replay';
import { indexedDbOutbox } from './outbox-store';

let pendingCount = 0;
const listeners = new Set<() => void>();

export function subscribePendingCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPendingCount(): number {
  return pendingCount;
}

export async function readPendingChanges(): Promise<OutboxEntry[]> {
  if (typeof indexedDB === 'undefined') return [];
  try {
    return (await indexedDbOutbox.list()).sort((a, b) => a.seq - b.seq);
  } catch {
    return [];
  }
}

async function refreshCount(): Promise<void> {
  const next = (await readPendingChanges()).length;
  if (next === pendingCount) return;
  pendingCount = next;
  for (const listener of listeners) listener();
}

export function createLocalId(): string {
  return `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;
}

/** Replays one queued change through the list or pantry route contract it was made against. */
function sendOp(op: OutboxOp): Promise<{ id: string } | undefined> {
  if (op.scope === 'list-item') {
    const listId = op.listId ?? '';
    if (op.action === 'add') return callApi(listsApi.addItem, { params: { id: listId }, body: op.body as TCreateListItem });
    const params = { id: listId, itemId: op.itemId };
    if (op.action === 'update') {
      return sendListItemPatch(op.body as TUpdateListItem, (body) => callApi(listsApi.updateItem, { params, body }));
    }
    return callApi(listsApi.removeItem, { params });
  }
  if (op.action === 'add') return callApi(pantryApi.create, { body: op.body as TCreatePantryItem });
  const params = { id: op.itemId };
  if (op.action === 'update') return callApi(pantryApi.update, { params, body: op.body as TUpdatePantryItem });
  return callApi(pantryApi.remove, { params });
}

let flushing: Promise<void> | null = null;
let client: QueryClient | null = null;

/** Sends the queued changes in order; one replay at a time. Pages refetch afterwards to show the server's state. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    try {
      const result = await replayOutbox(indexedDbOutbox, sendOp);
      if (result.sent + result.dropped > 0 && client) {
        await Promise.all([client.invalidateQueries({ queryKey: ['lists'] }), client.invalidateQueries({ queryKey: ['pantry'] })]);
      }
    } catch (error) {
      console.warn('Could not replay offline changes', error);
    } finally {
      flushing = null;
      await refreshCount();
    }
  })();
  return flushing;
}

/**
 * Sends a change now when online with nothing queued ahead of it; otherwise (offline, or the send finds no
 * connection) queues it in IndexedDB and answers with `provisional`, what the change will look like.
 */
export async function sendOrQueue<T>(op: OutboxOp, send: () => Promise<T>, provisional: () => T): Promise<T> {
  if (onlineManager.isOnline() && (await readPendingChanges()).length === 0) {
    try {
      return await send();
    } catch (error) {
      if (!(isApiError(error) && error.status === 0)) throw error;
    }
  }
  await indexedDbOutbox.add(op);
  await refreshCount();
  if (onlineManager.isOnline()) void flushOutbox();
  return provisional();
}

/** Starts replaying: now (changes left by a closed tab) and whenever the connection returns. */
export function startOutboxSync(queryClient: QueryClient): () => void {
  client = queryClient;
  void refreshCount().then(() => {
    if (pendingCount > 0 && onlineManager.isOnline()) void flushOutbox();
  });
  return onlineManager.subscribe((isOnline) => {
    if (isOnline) void flushOutbox();
  });
}

/** Sign-out: changes queued for one account are never replayed as another. */
export async function clearOutbox(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await indexedDbOutbox.clear().catch(() => undefined);
  await refreshCount();
}
