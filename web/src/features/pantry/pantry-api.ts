import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pantryApi, type TCreatePantryItem, type TPantryItem, type TPantryList, type TUpdatePantryItem } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';
import { createLocalId, readPendingChanges, sendOrQueue } from '../offline/outbox';
import { applyPendingToPantry, type OutboxOp } from '../offline/outbox-replay';

export const PANTRY_KEY = ['pantry'] as const;

export function usePantry() {
  // Changes still waiting to sync are laid over the server's copy, so they show after a reload offline.
  return useQuery({
    queryKey: PANTRY_KEY,
    queryFn: async ({ signal }) => applyPendingToPantry(await callApi(pantryApi.list, { signal }), await readPendingChanges()),
  });
}

export function usePantryMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: PANTRY_KEY });
  // Offline, a change is queued in IndexedDB (offline/outbox.ts) and the page shows it at once.
  const queued = (action: OutboxOp['action'], itemId: string, body?: Record<string, unknown>): OutboxOp => ({
    scope: 'pantry-item',
    action,
    itemId,
    ...(body ? { body } : {}),
  });
  function showPending(op: OutboxOp): TPantryItem | undefined {
    const current = queryClient.getQueryData<TPantryList>(PANTRY_KEY) ?? { items: [], total_qty: 0 };
    const next = applyPendingToPantry(current, [{ ...op, seq: 0 }]);
    queryClient.setQueryData(PANTRY_KEY, next);
    return next.items.find((item) => item.id === op.itemId);
  }
  const addItem = useMutation({
    networkMode: 'always',
    mutationFn: (input: TCreatePantryItem) => {
      // The local id doubles as the add's idempotency key: a replay after a lost answer returns the first item.
      const localId = createLocalId();
      const body = { ...input, client_key: localId };
      const op = queued('add', localId, body);
      return sendOrQueue(
        op,
        () => callApi(pantryApi.create, { body }),
        () => showPending(op)!,
      );
    },
    onSuccess: refresh,
  });
  const updateItem = useMutation({
    networkMode: 'always',
    mutationFn: ({ id, patch }: { id: string; patch: TUpdatePantryItem }) => {
      const op = queued('update', id, patch);
      return sendOrQueue(
        op,
        () => callApi(pantryApi.update, { params: { id }, body: patch }),
        () => showPending(op)!,
      );
    },
    onSuccess: refresh,
  });
  const removeItem = useMutation({
    networkMode: 'always',
    mutationFn: (id: string) => {
      const op = queued('remove', id);
      return sendOrQueue(
        op,
        () => callApi(pantryApi.remove, { params: { id } }),
        () => {
          showPending(op);
          return undefined;
        },
      );
    },
    onSuccess: refresh,
  });
  return { addItem, updateItem, removeItem };
}
