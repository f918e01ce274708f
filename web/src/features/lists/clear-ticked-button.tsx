import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listsApi } from '@cartwise/contracts';
import { Button, toast } from '../../components';
import { callApi, getErrorMessage, isApiError } from '../../lib/api-client';
import { LISTS_KEY, listKey } from './lists-api';

/** "Clear ticked (n)": removes the list's ticked items at once (POST /api/lists/:id/clear-checked). */
export function ClearTickedButton({ listId, count, className }: { listId: string; count: number; className?: string }) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey(listId) }),
      queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true }),
    ]);
  const clear = useMutation({
    mutationFn: () => callApi(listsApi.clearChecked, { params: { id: listId } }),
    onSuccess: async ({ removed }) => {
      toast.success(removed === 1 ? 'Removed 1 ticked item' : `Removed ${removed} ticked items`);
      await refresh();
    },
    onError: async (error) => {
      // Cleared already (a second press, or another member first): show the list as it is now.
      if (isApiError(error) && error.code === 'nothing_ticked') await refresh();
      else toast.error('Could not clear the ticked items', getErrorMessage(error));
    },
  });
  return (
    <Button variant="secondary" className={className} onClick={() => clear.mutate()} isBusy={clear.isPending} busyLabel="Clearing...">
      {`Clear ticked (${count})`}
    </Button>
  );
}
