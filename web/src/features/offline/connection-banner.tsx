import { useIsMutating } from '@tanstack/react-query';
import { useIsOnline } from './use-online-status';
import './offline.css';

/**
 * The strip above every signed-in page: offline state with the number of changes waiting to sync (TanStack
 * Query pauses mutations while offline and sends them, in order, when the connection returns).
 */
export function ConnectionBanner() {
  const isOnline = useIsOnline();
  const pending = useIsMutating();

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
