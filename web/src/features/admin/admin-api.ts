import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/toast-store';
import type { RouteContract } from '@cartwise/contracts';
import { callApi, getErrorMessage, type CallInput } from '../../lib/api-client';
import { formatDate as formatLocaleDate, formatNumber, getActiveFormat } from '../../lib/format';

/**
 * Reads an operator route; every admin query key starts with 'admin' so a change can refresh the whole area at
 * once. `input` carries the route's query (admin reads take no path parameters).
 */
export function useAdminQuery<R extends RouteContract>(key: readonly unknown[], route: R, input?: Omit<CallInput<R>, 'signal'>) {
  return useQuery({
    queryKey: ['admin', ...key],
    queryFn: ({ signal }) => callApi(route, { ...input, signal } as CallInput<R>),
  });
}

export function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return (key: readonly unknown[] = []) => queryClient.invalidateQueries({ queryKey: ['admin', ...key] });
}

/** An operator's action as a TanStack mutation: busy while it runs; a failure becomes an error toast titled with what did not happen. */
export function useAdminAction() {
  const mutation = useMutation({
    mutationFn: ({ action }: { failureTitle: string; action: () => Promise<void> }) => action(),
    onError: (error, { failureTitle }) => toast.error(failureTitle, getErrorMessage(error)),
  });

  async function runAction(failureTitle: string, action: () => Promise<void>) {
    // The failure is already a toast; the caller only needs to know the action finished.
    await mutation.mutateAsync({ failureTitle, action }).catch(() => undefined);
  }

  return { isBusy: mutation.isPending, runAction };
}

export function formatDateTime(iso: string | null): string {
  return formatLocaleDate(iso, getActiveFormat(), 'date-time');
}

export function formatDate(iso: string | null): string {
  return formatLocaleDate(iso, getActiveFormat(), 'date');
}

export function formatCount(value: number): string {
  return formatNumber(value, getActiveFormat(), 0);
}
