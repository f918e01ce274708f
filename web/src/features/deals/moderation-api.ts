import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZBulkModerateResult, ZModerationDeal, ZModerationQueue, type TBulkModerate, type TUpdateDeal } from '@cartwise/contracts';
import { apiGet, apiSend } from '../../lib/api-client';
import { DEALS_KEY } from './deals-api';

export type ModerationStatus = 'pending' | 'approved' | 'rejected';
const MODERATION_KEY = ['moderation', 'deals'] as const;

export function useModerationQueue(status: ModerationStatus) {
  return useQuery({
    queryKey: [...MODERATION_KEY, status],
    queryFn: ({ signal }) => apiGet(`/api/admin/moderation/deals?status=${status}`, ZModerationQueue, signal),
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
  const base = (id: string) => `/api/admin/moderation/deals/${encodeURIComponent(id)}`;
  const approve = useMutation({
    mutationFn: (id: string) => apiSend('POST', `${base(id)}/approve`, undefined, ZModerationDeal),
    onSuccess: refresh,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => apiSend('POST', `${base(id)}/reject`, { reason }, ZModerationDeal),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TUpdateDeal }) => apiSend('PATCH', base(id), patch, ZModerationDeal),
    onSuccess: refresh,
  });
  const bulk = useMutation({
    mutationFn: (input: TBulkModerate) => apiSend('POST', '/api/admin/moderation/deals/bulk', input, ZBulkModerateResult),
    onSuccess: refresh,
  });
  return { approve, reject, update, bulk };
}
