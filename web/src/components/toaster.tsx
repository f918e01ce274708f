import { useSyncExternalStore } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { dismissToast, getToasts, subscribeToToasts } from './toast-store';

/**
 * Renders the toast queue on Radix Toast (announced politely, errors assertively, F8 to reach them);
 * mount once near the root. The store owns timing: errors stay until dismissed.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return (
    <Toast.Provider duration={Number.POSITIVE_INFINITY} label="Notification">
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          className={`toast toast-${item.kind}`}
          type={item.kind === 'error' ? 'foreground' : 'background'}
          open
          onOpenChange={(open) => !open && dismissToast(item.id)}
        >
          <div className="toast-text">
            <Toast.Title className="toast-title">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="toast-description">{item.description}</Toast.Description> : null}
          </div>
          <Toast.Close className="icon-button" aria-label="Dismiss notification">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toaster" />
    </Toast.Provider>
  );
}
