import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZRealtimeEvent, accountApi, buildRoutePath, type TProfile } from '@cartwise/contracts';

const RECONNECT_MS = 5_000;

/**
 * Keeps the profile live and nudges cached queries via GET /api/realtime (SSE).
 * Reconnects after errors, since proxies and server restarts drop long streams.
 */
export function useRealtimeUpdates(userId: string | null, setProfile: (profile: TProfile) => void): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let isClosed = false;

    function handleMessage(message: MessageEvent<string>) {
      let payload: unknown;
      try {
        payload = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = ZRealtimeEvent.safeParse(payload);
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'profile') setProfile(event.profile);
      else if (event.type === 'notification') void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      else if (event.type === 'list') {
        // This page's own changes in flight refetch when they settle; refetching now would undo them on screen.
        if (queryClient.isMutating({ mutationKey: ['list-items', event.id] }) > 0) return;
        void queryClient.invalidateQueries({ queryKey: ['lists'] });
      } else if (event.type === 'pantry') void queryClient.invalidateQueries({ queryKey: ['pantry'] });
      else if (event.type === 'household') {
        for (const key of ['households', 'lists', 'pantry']) void queryClient.invalidateQueries({ queryKey: [key] });
      } else void queryClient.invalidateQueries({ queryKey: ['receipt-jobs'] });
    }

    function connect() {
      source = new EventSource(buildRoutePath(accountApi.realtime), { withCredentials: true });
      source.onmessage = handleMessage;
      source.onerror = () => {
        source?.close();
        if (!isClosed) retryTimer = setTimeout(connect, RECONNECT_MS);
      };
    }

    connect();
    return () => {
      isClosed = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, setProfile, queryClient]);
}
