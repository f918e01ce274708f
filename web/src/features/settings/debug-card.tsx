import { useState } from 'react';
import { settingsApi } from '@cartwise/contracts';
import { Card, Checkbox, FormMessage } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';

/** Turns the debug panel on or off; the profile (and so the panel) updates at once, on every open tab too. */
export function DebugCard() {
  const { profile, reloadProfile } = useAuth();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle(isEnabled: boolean) {
    setIsBusy(true);
    setError(null);
    try {
      await callApi(settingsApi.setDebug, { body: { debug_enabled: isEnabled } });
      await reloadProfile();
    } catch (failure) {
      setError(getErrorMessage(failure, 'Save failed'));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Card title="Troubleshooting">
      <Checkbox
        label="Show the debug panel"
        description="Adds a small panel with your account, the current page and recent failed requests, for support."
        checked={profile?.debug_enabled ?? false}
        disabled={isBusy || !profile}
        onChange={(event) => void toggle(event.target.checked)}
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </Card>
  );
}
