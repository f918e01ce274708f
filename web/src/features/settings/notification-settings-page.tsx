import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_NOTIFICATION_PREFERENCES, settingsApi, type TNotificationPreferences } from '@cartwise/contracts';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast-store';
import { callApi } from '../../lib/api-client';
import { EmailTopicChoices } from './email-topic-choices';
import { SaveButtonRow, useSaveAction } from './save-form';

export const NOTIFICATION_PREFERENCES_KEY = ['settings', 'notifications'] as const;

const TOPICS = ['marketing', 'product', 'receipts', 'deal_alerts'] as const;

export default function NotificationSettingsPage() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => callApi(settingsApi.notifications, { signal }),
  });
  // Unsaved edits only; otherwise the page shows the saved preferences. Copying them into state in an
  // effect showed the defaults for one render after they loaded.
  const [draft, setDraft] = useState<TNotificationPreferences | null>(null);
  const values = draft ?? query.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const { isBusy, runSave } = useSaveAction();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runSave(async () => {
      const saved = await callApi(settingsApi.saveNotifications, { body: values });
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, saved);
      setDraft(null);
      toast.success('Notification preferences saved');
    });
  }

  if (query.isPending) return <Spinner />;

  return (
    <Card title="Notifications">
      {query.isError ? <FormMessage tone="error">Could not load your preferences; showing the defaults.</FormMessage> : null}
      <form className="form" onSubmit={handleSubmit}>
        <EmailTopicChoices topics={TOPICS} values={values} onChange={(topic, isOn) => setDraft({ ...values, [topic]: isOn })} />
        <SaveButtonRow isBusy={isBusy} />
      </form>
    </Card>
  );
}
