import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToToasts } from './toast-store';

/** Renders the toast queue; mount once near the root. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {items.map((item) => (
        <div key={item.id} className={`toast toast-${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          <div className="toast-text">
            <p className="toast-title">{item.title}</p>
            {item.description ? <p className="toast-description">{item.description}</p> : null}
          </div>
          <button type="button" className="icon-button" aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
