import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  ZUpdateNotificationPreferences,
  settingsApi,
  type TNotificationPreferences,
} from '@cartwise/contracts';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast-store';
import { callApi } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { PushCard } from './push-card';
import { EmailTopicChoices } from './email-topic-choices';
import { SaveButtonRow, useSaveAction } from './save-form';

export const NOTIFICATION_PREFERENCES_KEY = ['settings', 'notifications'] as const;

const TOPICS = ['marketing', 'product', 'receipts', 'deal_alerts'] as const;

export default function NotificationSettingsPage() {
  const query = useQuery({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => callApi(settingsApi.notifications, { signal }),
  });
  const isBillingOn = useAppConfig().data?.billing.isEnabled === true;
  if (query.isPending) return <Spinner />;
  // The form starts from what was loaded, so its first frame already shows the saved choices.
  return (
    <>
      <NotificationForm saved={query.data ?? DEFAULT_NOTIFICATION_PREFERENCES} isLoadFailed={query.isError} />
      <PushCard isBillingOn={isBillingOn} />
    </>
  );
}

function NotificationForm({ saved, isLoadFailed }: { saved: TNotificationPreferences; isLoadFailed: boolean }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZUpdateNotificationPreferences), defaultValues: saved });
  const values = form.watch();
  const { isBusy, runSave } = useSaveAction();

  const handleSubmit = form.handleSubmit(async (body) => {
    await runSave(async () => {
      const stored = await callApi(settingsApi.saveNotifications, { body });
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, stored);
      form.reset(stored);
      toast.success('Notification preferences saved');
    });
  });

  return (
    <Card title="Notifications">
      {isLoadFailed ? <FormMessage tone="error">Could not load your preferences; showing the defaults.</FormMessage> : null}
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <EmailTopicChoices topics={TOPICS} values={values} onChange={(topic, isOn) => form.setValue(topic, isOn, { shouldDirty: true })} />
        <SaveButtonRow isBusy={isBusy} />
      </form>
    </Card>
  );
}
