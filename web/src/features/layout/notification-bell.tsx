import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { Popover } from '../../components/popover';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast-store';
import { getErrorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { useMarkNotificationsRead, useNotifications } from './use-notifications';

export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const format = useFormat();
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;

  function handleMarkAll() {
    markRead.mutate(undefined, { onError: (error) => toast.error('Could not mark as read', getErrorMessage(error)) });
  }

  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';
  return (
    <Popover
      label="Notifications"
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      className="bell-panel"
      trigger={
        <button type="button" className="icon-button bell-button" aria-label={label}>
          <Icon name="bell" />
          {unread > 0 ? (
            <span className="bell-count" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      }
    >
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
            <p className="bell-item-time">{format.date(item.created_at, 'date-time')}</p>
          </li>
        ))}
      </ul>
    </Popover>
  );
}
