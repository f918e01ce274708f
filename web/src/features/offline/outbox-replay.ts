import type { TListItem, TPantryItem, TPantryList, TShoppingListDetail } from '@cartwise/contracts';
import { isApiError } from '../../lib/api-client';

/** The server's code for a tick at a store the list's current plan does not visit (server lists/aisle-ticks.ts). */
export const STORE_NOT_IN_PLAN_CODE = 'store_not_in_plan';

/**
 * Sends a list item change. A tick refused only because its store is not in the list's current plan (a newer plan
 * replaced the one the tick was made against, often while the tick waited offline) is sent again without the store:
 * the item is the same and is still ticked; only that store's aisle order learns nothing from it.
 */
export async function sendListItemPatch<B extends { checked_at_store_id?: string }, T>(body: B, send: (body: B) => Promise<T>): Promise<T> {
  try {
    return await send(body);
  } catch (error) {
    if (!(isApiError(error) && error.code === STORE_NOT_IN_PLAN_CODE && body.checked_at_store_id !== undefined)) throw error;
    const { checked_at_store_id: _refusedStore, ...rest } = body;
    return send(rest as B);
  }
}

/**
 * One change made while offline, kept until the server has it. `itemId` is the server id, or for an item added
 * offline the local id it shows under until its add reaches the server (later changes to it are re-pointed then).
 */
export interface OutboxOp {
  scope: 'list-item' | 'pantry-item';
  /** Set for list items. */
  listId?: string;
  action: 'add' | 'update' | 'remove';
  itemId: string;
  body?: Record<string, unknown>;
}

export interface OutboxEntry extends OutboxOp {
  /** Queue order: changes replay in the order they were made. */
  seq: number;
}

export interface OutboxStore {
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(seq: number): Promise<void>;
}

/** Sends one change; an add answers with the item the server created. */
export type SendOp = (op: OutboxOp) => Promise<{ id: string } | undefined>;

export const LOCAL_ID_PREFIX = 'local-';

export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

/**
 * The conflict rule for a replayed change (docs/web-app.md, "Offline changes"):
 * - 'retry': no connection, a server fault, a rate limit or an expired session; keep it, and everything after
 *   it, for the next attempt so the order holds.
 * - 'drop': the item (or its list) was deleted meanwhile (404/410), or the server refuses the change for good
 *   (another 4xx). A deleted item stays deleted; dropping is quiet.
 */
export function classifyReplayFailure(error: unknown): 'retry' | 'drop' {
  if (!isApiError(error)) return 'retry';
  if (error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500) return 'retry';
  return 'drop';
}

export interface ReplayResult {
  sent: number;
  dropped: number;
  isComplete: boolean;
}

/**
 * Replays queued changes oldest first. Fields are patched one by one, so the server's last received value
 * wins per field; an item added offline gets its server id before the changes made to it afterwards are sent.
 */
export async function replayOutbox(store: OutboxStore, send: SendOp): Promise<ReplayResult> {
  const entries = (await store.list()).sort((a, b) => a.seq - b.seq);
  const result: ReplayResult = { sent: 0, dropped: 0, isComplete: true };
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index]!;
    try {
      const created = await send(entry);
      if (entry.action === 'add' && created) {
        for (const later of entries.slice(index + 1)) {
          if (later.itemId !== entry.itemId) continue;
          later.itemId = created.id;
          await store.put(later);
        }
      }
      result.sent += 1;
    } catch (error) {
      if (classifyReplayFailure(error) === 'retry') return { ...result, isComplete: false };
      result.dropped += 1;
    }
    await store.remove(entry.seq);
  }
  return result;
}

/** The body's item fields: what is set, without the add's idempotency key (a request detail, not an item field). */
function defined(body: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body ?? {}).filter(([key, value]) => value !== undefined && key !== 'client_key'));
}

/** How an item added offline shows until the server has it: the server's defaults under the given fields. */
export function makeProvisionalListItem(id: string, body: Record<string, unknown> | undefined, items: readonly TListItem[]): TListItem {
  const position = items.reduce((max, item) => Math.max(max, item.position), 0) + 1;
  return {
    id,
    name: '',
    note: '',
    quantity: 1,
    unit: null,
    product_id: null,
    product_name: null,
    category: null,
    accepts_substitutes: false,
    is_checked: false,
    position,
    ...(defined(body) as Partial<TListItem>),
  };
}

/** An item with a change laid over it; a new product link drops the old product's name until the server sends the new one. */
export function patchListItem(item: TListItem, patch: Partial<TListItem>): TListItem {
  const isRelinked = patch.product_id !== undefined && patch.product_id !== item.product_id;
  return { ...item, ...patch, ...(isRelinked ? { product_name: null } : {}) };
}

/** The list as the shopper left it: the last server copy with the changes still waiting on top. */
export function applyPendingToList(detail: TShoppingListDetail, entries: readonly OutboxEntry[]): TShoppingListDetail {
  let items = detail.items;
  for (const entry of entries) {
    if (entry.scope !== 'list-item' || entry.listId !== detail.id) continue;
    if (entry.action === 'add') {
      if (items.some((item) => item.id === entry.itemId)) continue;
      const provisional = makeProvisionalListItem(entry.itemId, entry.body, items);
      items = [...items, provisional];
    } else if (entry.action === 'update') {
      items = items.map((item) => (item.id === entry.itemId ? patchListItem(item, defined(entry.body) as Partial<TListItem>) : item));
    } else {
      items = items.filter((item) => item.id !== entry.itemId);
    }
  }
  return items === detail.items ? detail : { ...detail, items };
}

export function applyPendingToPantry(pantry: TPantryList, entries: readonly OutboxEntry[], now = new Date()): TPantryList {
  let items = pantry.items;
  for (const entry of entries) {
    if (entry.scope !== 'pantry-item') continue;
    if (entry.action === 'add') {
      if (items.some((item) => item.id === entry.itemId)) continue;
      const { householdId, ...fields } = defined(entry.body);
      const provisional: TPantryItem = {
        id: entry.itemId,
        name: '',
        qty: 1,
        unit: 'pcs',
        expires_on: null,
        product_id: null,
        household_id: typeof householdId === 'string' ? householdId : null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        ...(fields as Partial<TPantryItem>),
      };
      items = [...items, provisional];
    } else if (entry.action === 'update') {
      items = items.map((item) => (item.id === entry.itemId ? { ...item, ...(defined(entry.body) as Partial<TPantryItem>) } : item));
    } else {
      items = items.filter((item) => item.id !== entry.itemId);
    }
  }
  if (items === pantry.items) return pantry;
  return { items, total_qty: Math.round(items.reduce((sum, item) => sum + item.qty, 0) * 1000) / 1000 };
}
