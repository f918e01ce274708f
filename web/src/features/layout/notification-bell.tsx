import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast-store';
import { getErrorMessage } from '../../lib/api-client';
import { useAfterIdle } from '../../lib/use-after-idle';
import { useFormat } from '../../lib/use-format';
import { useMarkNotificationsRead, useNotifications } from './use-notifications';

// Radix's popover (and its positioning engine) loads once the page is idle or on the first press, off the
// startup path of every signed-in page.
const Popover = lazy(() => import('../../components/popover').then((module) => ({ default: module.Popover })));

export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const isIdle = useAfterIdle();
  const format = useFormat();
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;

  function handleMarkAll() {
    markRead.mutate(undefined, { onError: (error) => toast.error('Could not mark as read', getErrorMessage(error)) });
  }

  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';
  const trigger = (onPress?: () => void) => (
    <button type="button" className="icon-button bell-button" aria-label={label} aria-haspopup="dialog" onClick={onPress}>
      <Icon name="bell" />
      {unread > 0 ? (
        <span className="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
  const placeholder = trigger(() => setIsOpen(true));
  if (!isIdle && !isOpen) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Popover label="Notifications" isOpen={isOpen} onOpenChange={setIsOpen} className="bell-panel" trigger={trigger()}>
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
    </Suspense>
  );
}
