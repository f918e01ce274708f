import { useMemo, useState } from 'react';
import type { TListItem } from '@cartwise/contracts';
import { toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import type { useListItemMutations } from './lists-api';

type ToggleItem = ReturnType<typeof useListItemMutations>['toggleItem'];

/**
 * A list's items with the ticks still on their way laid over them, and the tick that puts them there. The query
 * cache notifies React a tick late, so a controlled checkbox would flick back before showing the change; local
 * state answers the tap within the same event. Used by the list page and shop mode.
 */
export function useOptimisticTicks(
  items: readonly TListItem[] | undefined,
  toggleItem: ToggleItem,
): { items: TListItem[]; toggle: (item: TListItem, atStoreId?: string) => void } {
  const [pendingChecks, setPendingChecks] = useState<Record<string, boolean>>({});
  const ticked = useMemo(
    () => (items ?? []).map((item) => (item.id in pendingChecks ? { ...item, is_checked: pendingChecks[item.id]! } : item)),
    [items, pendingChecks],
  );

  function toggle(item: TListItem, atStoreId?: string) {
    setPendingChecks((current) => ({ ...current, [item.id]: !item.is_checked }));
    toggleItem(
      item,
      {
        onError: (error) => toast.error('Could not update the item', getErrorMessage(error)),
        onSettled: () =>
          setPendingChecks((current) => {
            const { [item.id]: _settled, ...rest } = current;
            return rest;
          }),
      },
      atStoreId,
    );
  }

  return { items: ticked, toggle };
}
