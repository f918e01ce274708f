import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_NOTIFICATION_PREFERENCES, ZNotificationPreferences, type TNotificationPreferences } from '@cartwise/shared';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast-store';
import { apiGet, apiSend } from '../../lib/api-client';
import { SaveButtonRow, useSaveAction } from './save-form';

export const NOTIFICATION_PREFERENCES_KEY = ['settings', 'notifications'] as const;

const OPTIONS: { key: keyof TNotificationPreferences; label: string; description: string }[] = [
  { key: 'marketing', label: 'Marketing emails', description: 'Offers and news about Cartwise.' },
  { key: 'product', label: 'Product updates', description: 'New features and improvements.' },
  { key: 'receipts', label: 'Receipt processing alerts', description: 'When a receipt has been read or needs a look.' },
  { key: 'deal_alerts', label: 'Deal alerts', description: 'Sales on items you buy.' },
];

export default function NotificationSettingsPage() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => apiGet('/api/settings/notifications', ZNotificationPreferences, signal),
  });
  // Unsaved edits only; otherwise the page shows the saved preferences. Copying them into state in an
  // effect showed the defaults for one render after they loaded.
  const [draft, setDraft] = useState<TNotificationPreferences | null>(null);
  const values = draft ?? query.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const { isBusy, runSave } = useSaveAction();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runSave(async () => {
      const saved = await apiSend('PUT', '/api/settings/notifications', values, ZNotificationPreferences);
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
        <fieldset className="fieldset">
          <legend className="field-label">Email me about</legend>
          {OPTIONS.map((option) => (
            <Checkbox
              key={option.key}
              label={option.label}
              description={option.description}
              checked={values[option.key]}
              onChange={(event) => setDraft({ ...values, [option.key]: event.target.checked })}
            />
          ))}
        </fieldset>
        <SaveButtonRow isBusy={isBusy} />
      </form>
    </Card>
  );
}
