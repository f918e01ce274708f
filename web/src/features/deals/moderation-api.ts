import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationApi, type TBulkModerate, type TUpdateDeal } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';
import { DEALS_KEY } from './deals-api';

export type ModerationStatus = 'pending' | 'approved' | 'rejected';
const MODERATION_KEY = ['moderation', 'deals'] as const;

export function useModerationQueue(status: ModerationStatus) {
  return useQuery({
    queryKey: [...MODERATION_KEY, status],
    queryFn: ({ signal }) => callApi(moderationApi.deals, { query: { status }, signal }),
  });
}

/** Every moderation action refreshes the queue and the shopper-facing deal lists. */
export function useModerationActions() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: MODERATION_KEY }),
      queryClient.invalidateQueries({ queryKey: DEALS_KEY }),
    ]);
  };
  const approve = useMutation({
    mutationFn: (id: string) => callApi(moderationApi.approveDeal, { params: { id } }),
    onSuccess: refresh,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => callApi(moderationApi.rejectDeal, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TUpdateDeal }) => callApi(moderationApi.updateDeal, { params: { id }, body: patch }),
    onSuccess: refresh,
  });
  const bulk = useMutation({
    mutationFn: (input: TBulkModerate) => callApi(moderationApi.bulk, { body: input }),
    onSuccess: refresh,
  });
  return { approve, reject, update, bulk };
}
