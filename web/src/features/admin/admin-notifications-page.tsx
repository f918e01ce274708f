import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  adminApi,
  SEND_NOTIFICATION_REQUIRED,
  ZSendNotification,
  type TNotificationAudience,
  type TSendNotification,
} from '@cartwise/contracts';
import { Button, Card, DataTable, FormMessage, PageHeader, SelectField, TextAreaField, TextField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { formatDateTime, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';

const AUDIENCES: { value: TNotificationAudience; label: string }[] = [
  { value: 'all', label: 'All users' },
  { value: 'trial', label: 'Trial users' },
  { value: 'paid', label: 'Paid users' },
  { value: 'expired', label: 'Expired trials' },
];

/** The dashboard's expired-trial warning links here with ?audience=expired. */
function readAudience(search: string): TNotificationAudience {
  const wanted = new URLSearchParams(search).get('audience');
  return AUDIENCES.find((a) => a.value === wanted)?.value ?? 'all';
}

const AUDIENCE_LABELS: Record<string, string> = Object.fromEntries(AUDIENCES.map((a) => [a.value, a.label]));

/**
 * The API's rules (ZSendNotification), with its "both fields non-blank" check reported on the blank field itself
 * so the message shows beside it and that field gets focus.
 */
const ZNotificationForm = ZSendNotification.superRefine((value, ctx) => {
  for (const field of ['subject', 'body'] as const)
    if (value[field].trim() === '') ctx.addIssue({ code: 'custom', path: [field], message: SEND_NOTIFICATION_REQUIRED });
});

export default function AdminNotificationsPage() {
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const history = useAdminQuery(['notification-log'], adminApi.notificationLog);
  const invalidate = useInvalidateAdmin();
  const form = useForm({
    resolver: zodResolver(ZNotificationForm),
    defaultValues: { subject: '', body: '', audience: readAudience(window.location.search) },
  });
  const { errors } = form.formState;
  // Trial and paid audiences exist only with billing on; without it every account is free.
  const isBillingOn = useAppConfig().data?.billing.isEnabled === true;
  const audiences = isBillingOn ? AUDIENCES : AUDIENCES.filter((a) => a.value === 'all');
  const send = useMutation({
    mutationFn: (notification: TSendNotification) => callApi(adminApi.sendNotification, { body: notification }),
    onSuccess: (result) => {
      const delivered = `Delivered to ${result.recipient_count} ${result.recipient_count === 1 ? 'user' : 'users'}.`;
      toast.success('Notification recorded', delivered);
      setOutcome({ tone: 'success', text: `Notification recorded. ${delivered}` });
      form.reset({ subject: '', body: '', audience: 'all' });
      void invalidate();
    },
    onError: (error) => {
      const message = getErrorMessage(error);
      toast.error('Failed to send notification', message);
      setOutcome({ tone: 'error', text: `Failed to send notification: ${message}` });
    },
  });
  const submit = form.handleSubmit(
    (notification) => {
      setOutcome(null);
      send.mutate(notification);
    },
    () => toast.error(SEND_NOTIFICATION_REQUIRED),
  );

  return (
    <div className="page">
      <PageHeader title="Notifications" description="Send an in-app notification, and an email to those who want product updates." />
      <Card title="New notification" className="admin-narrow">
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <TextField label="Subject" {...form.register('subject')} error={errors.subject?.message} maxLength={200} />
          <TextAreaField
            label="Body"
            {...form.register('body')}
            error={errors.body?.message}
            className="admin-textarea"
            rows={6}
            maxLength={10_000}
          />
          <SelectField label="Audience" options={audiences} {...form.register('audience')} error={errors.audience?.message} />
          {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
          <div className="form-actions">
            <Button type="submit" isBusy={send.isPending} busyLabel="Sending...">
              Send notification
            </Button>
          </div>
        </form>
      </Card>
      <Card title="Recently sent">
        <QueryStatus query={history} />
        {history.data ? (
          <DataTable
            caption="The last 20 notifications"
            rows={history.data.items}
            getRowKey={(row) => row.id}
            empty="Nothing sent yet"
            columns={[
              { key: 'subject', header: 'Subject', render: (row) => <strong>{row.subject}</strong> },
              { key: 'audience', header: 'Audience', render: (row) => AUDIENCE_LABELS[row.audience] ?? row.audience },
              { key: 'count', header: 'Recipients', isNumeric: true, render: (row) => row.recipient_count },
              { key: 'when', header: 'Sent', render: (row) => <span className="admin-nowrap">{formatDateTime(row.created_at)}</span> },
              { key: 'by', header: 'By', render: (row) => row.requested_by_email ?? '—' },
            ]}
          />
        ) : null}
      </Card>
    </div>
  );
}
