import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../../components/button';
import './offline.css';

/**
 * Registers the service worker (app shell and offline reads) on every page, and offers a reload when a new
 * version has been deployed; the new version never takes over mid-trip on its own.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [isUpdateReady],
    updateServiceWorker,
  } = useRegisterSW();
  if (!isUpdateReady) return null;
  return (
    <div className="connection-banner is-update update-prompt" role="alert">
      A new version of Cartwise is ready.{' '}
      <Button className="btn-small" onClick={() => void updateServiceWorker(true)}>
        Reload
      </Button>
    </div>
  );
}
