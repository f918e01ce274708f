import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast-store';
import { getErrorMessage } from '../../lib/api-client';
import { useMarkNotificationsRead, useNotifications } from './use-notifications';

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;

  useEffect(() => {
    if (!isOpen) return undefined;
    function handlePointer(event: MouseEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setIsOpen(false);
    }
    function handleKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setIsOpen(false);
    }
    document.addEventListener('mousedown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('mousedown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  function handleMarkAll() {
    markRead.mutate(undefined, { onError: (error) => toast.error('Could not mark as read', getErrorMessage(error)) });
  }

  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';
  return (
    <div className="bell" ref={rootRef}>
      <button type="button" className="icon-button bell-button" aria-label={label} aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <div id={panelId} className="bell-panel" role="region" aria-label="Notifications">
          <div className="bell-panel-header">
            <h2 className="card-title">Notifications</h2>
            <Button variant="ghost" onClick={handleMarkAll} isBusy={markRead.isPending} disabled={unread === 0}>
              Mark all as read
            </Button>
          </div>
          {isPending ? <Spinner /> : null}
          {isError ? <p className="muted">Could not load notifications.</p> : null}
          {data && data.items.length === 0 ? <p className="muted">You are all caught up.</p> : null}
          <ul className="bell-list">
            {data?.items.map((item) => (
              <li key={item.id} className={item.read_at ? 'bell-item' : 'bell-item bell-item-unread'}>
                <p className="bell-item-title">
                  {item.link ? (
                    <Link to={item.link} onClick={() => setIsOpen(false)}>
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                </p>
                <p className="bell-item-body">{item.body}</p>
                <p className="bell-item-time">{formatWhen(item.created_at)}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
