import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate, getActiveFormat } from '../../lib/format';
import { useAuth } from '../auth/auth-context';

interface FailedCall {
  key: string;
  message: string;
  at: string;
}

/** The last failed queries, read from TanStack Query's cache as they happen. */
function useFailedCalls(limit = 5): FailedCall[] {
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState<FailedCall[]>([]);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const entry = {
          key: JSON.stringify(event.query.queryKey),
          message: event.action.error instanceof Error ? event.action.error.message : 'error',
          at: formatDate(new Date(), getActiveFormat(), 'time'),
        };
        setFailed((list) => [entry, ...list].slice(0, limit));
      }),
    [queryClient, limit],
  );
  return failed;
}

/** Shown while the profile's debug_enabled is on; appears and disappears live when the flag changes. */
export function DebugPanel() {
  const { profile, session } = useAuth();
  const location = useLocation();
  const failed = useFailedCalls();
  if (!profile?.debug_enabled) return null;
  return (
    <aside className="debug-panel" aria-label="Debug panel">
      <details open>
        <summary>Debug</summary>
        <dl>
          <dt>User</dt>
          <dd>
            {profile.id} ({profile.role})
          </dd>
          <dt>Plan</dt>
          <dd>{profile.subscription_status}</dd>
          <dt>Page</dt>
          <dd>
            {location.pathname}
            {location.search}
          </dd>
          <dt>Session until</dt>
          <dd>{session ? formatDate(new Date(session.expiresAt), getActiveFormat(), 'date-time') : '—'}</dd>
          <dt>Failed requests</dt>
          <dd>{failed.length === 0 ? 'none' : null}</dd>
        </dl>
        {failed.length > 0 ? (
          <ul>
            {failed.map((f) => (
              <li key={`${f.at}-${f.key}`}>
                {f.at} {f.key}: {f.message}
              </li>
            ))}
          </ul>
        ) : null}
      </details>
    </aside>
  );
}
