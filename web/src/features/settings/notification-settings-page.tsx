import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_NOTIFICATION_PREFERENCES, ZUpdateNotificationPreferences, settingsApi } from '@cartwise/contracts';
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
  // The page shows the saved preferences as soon as they load; choices made meanwhile are kept.
  const form = useForm({
    resolver: zodResolver(ZUpdateNotificationPreferences),
    values: query.data ?? DEFAULT_NOTIFICATION_PREFERENCES,
    resetOptions: { keepDirtyValues: true },
  });
  const values = form.watch();
  const { isBusy, runSave } = useSaveAction();

  const handleSubmit = form.handleSubmit(async (body) => {
    await runSave(async () => {
      const saved = await callApi(settingsApi.saveNotifications, { body });
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, saved);
      form.reset(saved);
      toast.success('Notification preferences saved');
    });
  });

  if (query.isPending) return <Spinner />;

  return (
    <Card title="Notifications">
      {query.isError ? <FormMessage tone="error">Could not load your preferences; showing the defaults.</FormMessage> : null}
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <EmailTopicChoices topics={TOPICS} values={values} onChange={(topic, isOn) => form.setValue(topic, isOn, { shouldDirty: true })} />
        <SaveButtonRow isBusy={isBusy} />
      </form>
    </Card>
  );
}
