import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PUSH_PREFERENCES, pushApi, type TPushPreferences } from '@cartwise/contracts';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { toast } from '../../components/toast-store';
import { callApi, getServerMessage } from '../../lib/api-client';
import { findPushSubscription, isPushSupported, turnOffPush, turnOnPush } from './push-subscription';

const PUSH_PREFERENCES_KEY = ['push', 'preferences'] as const;

const PUSH_TOPICS: { key: keyof TPushPreferences; label: string; description: string }[] = [
  { key: 'list_changes', label: 'Shared list changes', description: 'When someone in your household changes a shared list.' },
  { key: 'deal_alerts', label: 'New deals on what you buy', description: 'As soon as a matching deal is approved.' },
  { key: 'trial_reminders', label: 'Trial reminders', description: 'Before your free trial ends.' },
];

type PushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

function readPermissionState(): PushState {
  if (!isPushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}

/** "Turn on push notifications" for this browser, and which topics are pushed to every browser the shopper turned on. */
export function PushCard({ isBillingOn }: { isBillingOn: boolean }) {
  const [state, setState] = useState<PushState>('checking');
  const [isBusy, setIsBusy] = useState(false);
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: PUSH_PREFERENCES_KEY,
    queryFn: ({ signal }) => callApi(pushApi.preferences, { signal }),
  });
  const saved = preferences.data ?? DEFAULT_PUSH_PREFERENCES;

  useEffect(() => {
    let isCurrent = true;
    const initial = readPermissionState();
    if (initial === 'unsupported' || initial === 'blocked') {
      setState(initial);
      return;
    }
    findPushSubscription()
      .then((subscription) => isCurrent && setState(subscription ? 'on' : 'off'))
      .catch(() => isCurrent && setState('off'));
    return () => {
      isCurrent = false;
    };
  }, []);

  async function handleTurnOn() {
    setIsBusy(true);
    try {
      const result = await turnOnPush();
      if (result === 'subscribed') {
        setState('on');
        toast.success('Push notifications are on for this device');
      } else setState(result === 'denied' ? readPermissionState() : 'unsupported');
    } catch (error) {
      toast.error('Could not turn on push notifications', getServerMessage(error) ?? undefined);
    } finally {
      setIsBusy(false);
    }
  }

  async function handleTurnOff() {
    setIsBusy(true);
    try {
      await turnOffPush();
      setState('off');
      toast.success('Push notifications are off for this device');
    } catch (error) {
      toast.error('Could not turn off push notifications', getServerMessage(error) ?? undefined);
    } finally {
      setIsBusy(false);
    }
  }

  async function handleTopic(key: keyof TPushPreferences, isOn: boolean) {
    const next = { ...saved, [key]: isOn };
    queryClient.setQueryData(PUSH_PREFERENCES_KEY, next);
    try {
      queryClient.setQueryData(PUSH_PREFERENCES_KEY, await callApi(pushApi.savePreferences, { body: next }));
    } catch (error) {
      queryClient.setQueryData(PUSH_PREFERENCES_KEY, saved);
      toast.error('Save failed', getServerMessage(error) ?? undefined);
    }
  }

  const topics = PUSH_TOPICS.filter((topic) => isBillingOn || topic.key !== 'trial_reminders');
  return (
    <Card title="Push notifications">
      {state === 'unsupported' ? (
        <p className="muted" role="status">
          This browser cannot show push notifications. Add Cartwise to your home screen or use another browser.
        </p>
      ) : null}
      {state === 'blocked' ? (
        <p className="muted" role="status">
          Notifications are blocked for this site. Allow them in your browser’s site settings, then come back.
        </p>
      ) : null}
      {state === 'off' ? (
        <div className="form-actions">
          <Button onClick={() => void handleTurnOn()} isBusy={isBusy} busyLabel="Turning on...">
            Turn on push notifications
          </Button>
        </div>
      ) : null}
      {state === 'on' ? (
        <div className="form-actions">
          <p className="muted">Push notifications are on for this device.</p>
          <Button variant="secondary" onClick={() => void handleTurnOff()} isBusy={isBusy} busyLabel="Turning off...">
            Turn off on this device
          </Button>
        </div>
      ) : null}
      <fieldset className="fieldset">
        <legend className="field-label">Push to my devices</legend>
        {state === 'on' ? null : (
          <p className="muted">These go to every device where push notifications are on; this one gets none until you turn them on.</p>
        )}
        {topics.map((topic) => (
          <Checkbox
            key={topic.key}
            label={topic.label}
            description={topic.description}
            checked={saved[topic.key]}
            disabled={preferences.isPending}
            onChange={(event) => void handleTopic(topic.key, event.target.checked)}
          />
        ))}
      </fieldset>
    </Card>
  );
}
