import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** Unread count and items for the bell; the realtime stream invalidates this key on new notifications. */
export function useNotifications() {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => callApi(notificationsApi.list, { signal }),
    staleTime: 60_000,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => callApi(notificationsApi.markRead, { body: ids ? { ids } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
