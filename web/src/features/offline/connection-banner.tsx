import { useSyncExternalStore } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { getPendingCount, subscribePendingCount } from './outbox';
import { useIsOnline } from './use-online-status';
import './offline.css';

/** Whether the device is online and how many changes wait to reach the server. */
export function useSyncState(): { isOnline: boolean; pending: number } {
  const isOnline = useIsOnline();
  const queued = useSyncExternalStore(subscribePendingCount, getPendingCount, () => 0);
  const inFlight = useIsMutating();
  return { isOnline, pending: isOnline ? Math.max(queued, inFlight) : queued };
}

/** The same state as one line inside a page's own card (shop mode's basket), where the strip is not shown. */
export function SyncStatus({ className }: { className?: string }) {
  const { isOnline, pending } = useSyncState();
  const changes = `${pending} ${pending === 1 ? 'change' : 'changes'}`;
  return (
    <p className={['sync-status', isOnline ? '' : 'is-offline', className ?? ''].filter(Boolean).join(' ')} role="status">
      {!isOnline ? (
        <>
          <strong>You are offline.</strong> {pending > 0 ? `${changes} waiting to sync.` : 'Ticks are kept on this device.'}
        </>
      ) : pending > 0 ? (
        `Syncing ${changes}...`
      ) : (
        'All changes saved'
      )}
    </p>
  );
}

/**
 * The strip above every signed-in page: offline state with the number of changes waiting to sync (queued in
 * IndexedDB by offline/outbox.ts, so the count survives a reload and a closed tab).
 */
export function ConnectionBanner() {
  const { isOnline, pending } = useSyncState();

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
