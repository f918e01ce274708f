import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZNotificationList } from '@cartwise/contracts';
import { apiGet, apiSend, ZIgnoredBody } from '../../lib/api-client';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** Unread count and items for the bell; the realtime stream invalidates this key on new notifications. */
export function useNotifications() {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => apiGet('/api/notifications', ZNotificationList, signal),
    staleTime: 60_000,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => apiSend('POST', '/api/notifications/read', ids ? { ids } : {}, ZIgnoredBody),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
