import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TShoppingListDetail } from '@cartwise/contracts';
import { SelectField, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { useHouseholds } from '../households/households-api';
import { LISTS_KEY, listKey, shareList } from './lists-api';

const NOT_SHARED = '';

/** "Share with household": a select of the shopper's households (none: not shown); the server checks who may. */
export function ShareWithHousehold({ list }: { list: Pick<TShoppingListDetail, 'id' | 'household_id'> }) {
  const queryClient = useQueryClient();
  const households = useHouseholds();
  const share = useMutation({
    mutationFn: (householdId: string | null) => shareList(list.id, householdId),
    onSuccess: async (saved) => {
      queryClient.setQueryData(listKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true });
      toast.success(saved.household_id ? 'Shared with your household' : 'No longer shared');
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Could not change who shares this list')),
  });
  const items = households.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <SelectField
      label="Share with household"
      className="list-share"
      value={list.household_id ?? NOT_SHARED}
      disabled={share.isPending}
      options={[{ value: NOT_SHARED, label: 'Not shared' }, ...items.map((household) => ({ value: household.id, label: household.name }))]}
      onChange={(event) => share.mutate(event.target.value === NOT_SHARED ? null : event.target.value)}
    />
  );
}
