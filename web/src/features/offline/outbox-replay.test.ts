import { describe, expect, it } from 'vitest';
import type { TShoppingListDetail } from '@cartwise/contracts';
import { ApiError } from '../../lib/api-client';
import {
  applyPendingToList,
  classifyReplayFailure,
  replayOutbox,
  sendListItemPatch,
  STORE_NOT_IN_PLAN_CODE,
  type OutboxEntry,
  type OutboxOp,
  type OutboxStore,
} from './outbox-replay';

function memoryStore(ops: OutboxOp[]): OutboxStore & { entries: OutboxEntry[] } {
  const store = {
    entries: ops.map((op, index) => ({ ...op, seq: index + 1 })),
    list: async () => store.entries.map((entry) => ({ ...entry })),
    put: async (entry: OutboxEntry) => {
      store.entries = store.entries.map((current) => (current.seq === entry.seq ? { ...entry } : current));
    },
    remove: async (seq: number) => {
      store.entries = store.entries.filter((entry) => entry.seq !== seq);
    },
  };
  return store;
}

/** A tiny server: items by id; patches apply field by field in arrival order. */
function fakeServer(initial: Record<string, Record<string, unknown>>) {
  const items = new Map(Object.entries(initial));
  let nextId = 100;
  const received: string[] = [];
  const send = async (op: OutboxOp) => {
    received.push(`${op.action} ${op.itemId}`);
    if (op.action === 'add') {
      const id = `srv-${nextId++}`;
      items.set(id, { ...op.body });
      return { id };
    }
    const item = items.get(op.itemId);
    if (!item) throw new ApiError(404, 'Item not found', 'not_found');
    if (op.action === 'update') Object.assign(item, op.body);
    else items.delete(op.itemId);
    return undefined;
  };
  return { items, received, send };
}

const list = (id: string): Pick<OutboxOp, 'scope' | 'listId'> => ({ scope: 'list-item', listId: id });

describe('replaying offline changes', () => {
  it('applies changes in order so the last write wins per field', async () => {
    const server = fakeServer({ a: { name: 'Apples', is_checked: false, note: 'red' } });
    const store = memoryStore([
      { ...list('l'), action: 'update', itemId: 'a', body: { is_checked: true } },
      { ...list('l'), action: 'update', itemId: 'a', body: { note: 'green' } },
      { ...list('l'), action: 'update', itemId: 'a', body: { is_checked: false } },
    ]);
    const result = await replayOutbox(store, server.send);
    expect(result).toEqual({ sent: 3, dropped: 0, isComplete: true });
    expect(server.items.get('a')).toEqual({ name: 'Apples', is_checked: false, note: 'green' });
    expect(store.entries).toEqual([]);
  });

  it('keeps a deleted item deleted: a later tick of it is dropped quietly and the rest still replays', async () => {
    const server = fakeServer({ b: { name: 'Bread', is_checked: false } });
    const store = memoryStore([
      { ...list('l'), action: 'update', itemId: 'gone', body: { is_checked: true } },
      { ...list('l'), action: 'update', itemId: 'b', body: { is_checked: true } },
    ]);
    const result = await replayOutbox(store, server.send);
    expect(result).toEqual({ sent: 1, dropped: 1, isComplete: true });
    expect(server.items.has('gone')).toBe(false);
    expect(server.items.get('b')).toMatchObject({ is_checked: true });
  });

  it('points changes to an item added offline at the id the server gave it', async () => {
    const server = fakeServer({});
    const store = memoryStore([
      { ...list('l'), action: 'add', itemId: 'local-1', body: { name: 'Milk' } },
      { ...list('l'), action: 'update', itemId: 'local-1', body: { is_checked: true } },
    ]);
    await replayOutbox(store, server.send);
    expect(server.received).toEqual(['add local-1', 'update srv-100']);
    expect(server.items.get('srv-100')).toEqual({ name: 'Milk', is_checked: true });
  });

  it('stops at a lost connection and keeps that change and every later one, in order', async () => {
    let isDown = false;
    const server = fakeServer({ a: {}, b: {} });
    const store = memoryStore([
      { ...list('l'), action: 'update', itemId: 'a', body: { note: '1' } },
      { ...list('l'), action: 'update', itemId: 'b', body: { note: '2' } },
      { ...list('l'), action: 'remove', itemId: 'a' },
    ]);
    const result = await replayOutbox(store, async (op) => {
      if (isDown) throw new ApiError(0, 'Network error', 'network_error');
      isDown = true;
      return server.send(op);
    });
    expect(result).toEqual({ sent: 1, dropped: 0, isComplete: false });
    expect(store.entries.map((entry) => entry.seq)).toEqual([2, 3]);
  });

  it('retries server faults and expired sessions but drops refusals that will never succeed', () => {
    expect(classifyReplayFailure(new ApiError(0, 'x', 'network_error'))).toBe('retry');
    expect(classifyReplayFailure(new ApiError(503, 'x'))).toBe('retry');
    expect(classifyReplayFailure(new ApiError(401, 'x'))).toBe('retry');
    expect(classifyReplayFailure(new ApiError(429, 'x'))).toBe('retry');
    expect(classifyReplayFailure(new ApiError(404, 'x'))).toBe('drop');
    expect(classifyReplayFailure(new ApiError(400, 'x'))).toBe('drop');
  });
});

describe('a tick made against a plan that a newer one replaced', () => {
  /** The server checks a tick's store against the list's current plan, which visits North only. */
  function planAwareServer() {
    const item: Record<string, unknown> = { is_checked: false };
    const bodies: Record<string, unknown>[] = [];
    const send = async (body: { is_checked?: boolean; checked_at_store_id?: string }) => {
      bodies.push({ ...body });
      if (body.checked_at_store_id !== undefined && body.checked_at_store_id !== 'north') {
        throw new ApiError(422, 'That store is not one of this trip’s stores.', STORE_NOT_IN_PLAN_CODE);
      }
      Object.assign(item, { is_checked: body.is_checked });
      return { ...item };
    };
    return { item, bodies, send };
  }

  it('still ticks the item, sent again without the store the current plan does not visit', async () => {
    const server = planAwareServer();
    const answer = await sendListItemPatch({ is_checked: true, checked_at_store_id: 'south' }, server.send);
    expect(answer).toEqual({ is_checked: true });
    expect(server.bodies).toEqual([{ is_checked: true, checked_at_store_id: 'south' }, { is_checked: true }]);
  });

  it('keeps the store when the current plan visits it, and lets other refusals through', async () => {
    const server = planAwareServer();
    await sendListItemPatch({ is_checked: true, checked_at_store_id: 'north' }, server.send);
    expect(server.bodies).toEqual([{ is_checked: true, checked_at_store_id: 'north' }]);
    const refuse = async () => {
      throw new ApiError(404, 'Item not found', 'not_found');
    };
    await expect(sendListItemPatch({ is_checked: true, checked_at_store_id: 'south' }, refuse)).rejects.toMatchObject({ status: 404 });
  });

  it('replays a queued tick after the plan changed: the item is ticked, nothing dropped', async () => {
    const server = planAwareServer();
    const store = memoryStore([{ ...list('l'), action: 'update', itemId: 'a', body: { is_checked: true, checked_at_store_id: 'south' } }]);
    const result = await replayOutbox(store, async (op) => {
      await sendListItemPatch(op.body ?? {}, server.send);
      return undefined;
    });
    expect(result).toEqual({ sent: 1, dropped: 0, isComplete: true });
    expect(server.item).toEqual({ is_checked: true });
  });
});

describe('showing changes still waiting to sync', () => {
  it('lays queued adds, ticks and removals over the last server copy of the list', () => {
    const detail: TShoppingListDetail = {
      id: 'l',
      name: 'Trip',
      household_id: null,
      created_at: '',
      updated_at: '',
      items: [
        {
          id: 'a',
          name: 'Apples',
          note: '',
          quantity: 1,
          unit: null,
          product_id: null,
          product_name: null,
          category: null,
          accepts_substitutes: false,
          is_checked: false,
          position: 1,
        },
        {
          id: 'r',
          name: 'Rice',
          note: '',
          quantity: 1,
          unit: null,
          product_id: null,
          product_name: null,
          category: null,
          accepts_substitutes: false,
          is_checked: false,
          position: 2,
        },
      ],
    };
    const pending: OutboxEntry[] = [
      { ...list('l'), seq: 1, action: 'update', itemId: 'a', body: { is_checked: true } },
      { ...list('l'), seq: 2, action: 'remove', itemId: 'r' },
      { ...list('l'), seq: 3, action: 'add', itemId: 'local-1', body: { name: 'Milk', client_key: 'local-1' } },
      { ...list('other'), seq: 4, action: 'remove', itemId: 'a' },
    ];
    const shown = applyPendingToList(detail, pending);
    expect(shown.items.map((item) => [item.id, item.name, item.is_checked])).toEqual([
      ['a', 'Apples', true],
      ['local-1', 'Milk', false],
    ]);
    // The add's idempotency key is a request detail, not a field of the item shown.
    expect(shown.items[1]).not.toHaveProperty('client_key');
  });
});
