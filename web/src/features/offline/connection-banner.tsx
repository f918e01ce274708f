import { useSyncExternalStore } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { getPendingCount, subscribePendingCount } from './outbox';
import { useIsOnline } from './use-online-status';
import './offline.css';

/**
 * The strip above every signed-in page: offline state with the number of changes waiting to sync (queued in
 * IndexedDB by offline/outbox.ts, so the count survives a reload and a closed tab).
 */
export function ConnectionBanner() {
  const isOnline = useIsOnline();
  const queued = useSyncExternalStore(subscribePendingCount, getPendingCount, () => 0);
  const inFlight = useIsMutating();
  const pending = isOnline ? Math.max(queued, inFlight) : queued;

  return (
    <>
      {!isOnline ? (
        <div className="connection-banner is-offline" role="status">
          <strong>You are offline.</strong>{' '}
          {pending > 0 ? `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to sync.` : 'Showing what was saved on this device.'}
        </div>
      ) : pending > 0 ? (
        <div className="connection-banner" role="status">
          Syncing {pending} {pending === 1 ? 'change' : 'changes'}...
        </div>
      ) : null}
    </>
  );
}
