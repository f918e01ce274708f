import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listsApi, type TCreateListItem, type TListItem, type TShoppingListDetail, type TUpdateListItem } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';
import { createLocalId, readPendingChanges, sendOrQueue } from '../offline/outbox';
import { applyPendingToList, makeProvisionalListItem, patchListItem, sendListItemPatch, type OutboxOp } from '../offline/outbox-replay';

export const LISTS_KEY = ['lists'] as const;
export const listKey = (id: string) => ['lists', id] as const;

export function useLists() {
  return useQuery({ queryKey: LISTS_KEY, queryFn: ({ signal }) => callApi(listsApi.list, { signal }) });
}

export function useListDetail(id: string) {
  return useQuery({
    queryKey: listKey(id),
    // Changes still waiting to sync are laid over the server's copy, so they show after a reload offline.
    queryFn: async ({ signal }) =>
      applyPendingToList(await callApi(listsApi.detail, { params: { id }, signal }), await readPendingChanges()),
  });
}

/** A personal list, or a household's when `householdId` is given. */
export function createList(name: string, householdId: string | null = null): Promise<TShoppingListDetail> {
  return callApi(listsApi.create, { body: householdId ? { name, householdId } : { name } });
}

export function deleteList(id: string): Promise<undefined> {
  return callApi(listsApi.remove, { params: { id } });
}

export function renameList(id: string, name: string): Promise<TShoppingListDetail> {
  return callApi(listsApi.rename, { params: { id }, body: { name } });
}

/**
 * Item mutations for one list. Check-offs update the cache at once (optimistic) so a tap in the store
 * feels instant; every mutation refetches afterwards so the list and the counts stay true to the server.
 */
export function useListItemMutations(listId: string) {
  const queryClient = useQueryClient();
  const key = listKey(listId);

  function patchCache(update: (items: TListItem[]) => TListItem[]) {
    queryClient.setQueryData<TShoppingListDetail>(key, (current) => (current ? { ...current, items: update(current.items) } : current));
  }

  const mutationKey = ['list-items', listId];

  // With several changes in flight, only the last one to settle refetches: an earlier refetch would bring
  // back server state from before the later changes and undo their optimistic updates on screen.
  async function refresh() {
    if (queryClient.isMutating({ mutationKey }) > 1) return;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true }),
    ]);
  }

  // Offline, a change is queued in IndexedDB and answered with what it will look like (see offline/outbox.ts);
  // 'always' so the mutation settles at once instead of pausing in memory, where a reload would lose it.
  const queued = (action: OutboxOp['action'], itemId: string, body?: Record<string, unknown>): OutboxOp => ({
    scope: 'list-item',
    listId,
    action,
    itemId,
    ...(body ? { body } : {}),
  });
  const findItem = (id: string) => queryClient.getQueryData<TShoppingListDetail>(key)?.items.find((item) => item.id === id);

  const addItem = useMutation({
    mutationKey,
    networkMode: 'always',
    mutationFn: (input: TCreateListItem) => {
      // The local id doubles as the add's idempotency key: a replay after a lost answer returns the first item.
      const localId = createLocalId();
      const body = { ...input, client_key: localId };
      return sendOrQueue(
        queued('add', localId, body),
        () => callApi(listsApi.addItem, { params: { id: listId }, body }),
        () => makeProvisionalListItem(localId, input, queryClient.getQueryData<TShoppingListDetail>(key)?.items ?? []),
      );
    },
    onSuccess: (item) => patchCache((items) => [...items, item]),
    onSettled: refresh,
  });

  const updateItem = useMutation({
    mutationKey,
    networkMode: 'always',
    mutationFn: ({ id, patch }: { id: string; patch: TUpdateListItem }) => {
      const current = findItem(id);
      return sendOrQueue(
        queued('update', id, patch),
        () => sendListItemPatch(patch, (body) => callApi(listsApi.updateItem, { params: { id: listId, itemId: id }, body })),
        () => patchListItem(current as TListItem, withoutUndefined(patch)),
      );
    },
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TShoppingListDetail>(key);
      patchCache((items) => items.map((item) => (item.id === id ? patchListItem(item, withoutUndefined(patch)) : item)));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: refresh,
  });

  const removeItem = useMutation({
    mutationKey,
    networkMode: 'always',
    mutationFn: (id: string) =>
      sendOrQueue(
        queued('remove', id),
        () => callApi(listsApi.removeItem, { params: { id: listId, itemId: id } }),
        () => undefined,
      ),
    onSuccess: (_data, id) => patchCache((items) => items.filter((item) => item.id !== id)),
    onSettled: refresh,
  });

  /** Checks an item off (or back on): the cache is patched at once and in-flight refetches cancelled. */
  /** Ticks or unticks; a tick in shop mode names the store it was made at, which learns that store's aisle order. */
  function toggleItem(item: TListItem, callbacks: { onError: (error: unknown) => void; onSettled: () => void }, atStoreId?: string) {
    const previous = queryClient.getQueryData<TShoppingListDetail>(key);
    patchCache((items) => items.map((entry) => (entry.id === item.id ? { ...entry, is_checked: !item.is_checked } : entry)));
    void queryClient.cancelQueries({ queryKey: key });
    updateItem.mutate(
      {
        id: item.id,
        patch: { is_checked: !item.is_checked, ...(atStoreId && !item.is_checked ? { checked_at_store_id: atStoreId } : {}) },
      },
      {
        onError: (error) => {
          if (previous) queryClient.setQueryData(key, previous);
          callbacks.onError(error);
        },
        onSettled: callbacks.onSettled,
      },
    );
  }

  return { addItem, updateItem, removeItem, toggleItem };
}

function withoutUndefined(patch: TUpdateListItem): Partial<TListItem> {
  const result: Partial<TListItem> = {};
  for (const [key, value] of Object.entries(patch)) {
    // Where a tick was made is no field of the item.
    if (value !== undefined && key !== 'checked_at_store_id') (result as Record<string, unknown>)[key] = value;
  }
  return result;
}

/** Shares the list with a household the shopper belongs to, or (null) makes it theirs alone again. */
export function shareList(id: string, householdId: string | null): Promise<TShoppingListDetail> {
  return callApi(listsApi.rename, { params: { id }, body: { householdId } });
}
