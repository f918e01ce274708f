import { useId, useState, type FormEvent } from 'react';
import { adminApi, SEND_NOTIFICATION_REQUIRED, type TNotificationAudience } from '@cartwise/contracts';
import { Button, Card, DataTable, FormMessage, PageHeader, SelectField, TextField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
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

export default function AdminNotificationsPage() {
  const bodyId = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<TNotificationAudience>(() => readAudience(window.location.search));
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const history = useAdminQuery(['notification-log'], adminApi.notificationLog);
  const invalidate = useInvalidateAdmin();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!subject.trim() || !body.trim()) {
      setOutcome({ tone: 'error', text: SEND_NOTIFICATION_REQUIRED });
      toast.error(SEND_NOTIFICATION_REQUIRED);
      return;
    }
    setIsBusy(true);
    setOutcome(null);
    try {
      const result = await callApi(adminApi.sendNotification, { body: { subject, body, audience } });
      const delivered = `Delivered to ${result.recipient_count} ${result.recipient_count === 1 ? 'user' : 'users'}.`;
      toast.success('Notification recorded', delivered);
      setOutcome({ tone: 'success', text: `Notification recorded. ${delivered}` });
      setSubject('');
      setBody('');
      setAudience('all');
      void invalidate();
    } catch (error) {
      const message = getErrorMessage(error);
      toast.error('Failed to send notification', message);
      setOutcome({ tone: 'error', text: `Failed to send notification: ${message}` });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="page">
      <PageHeader title="Notifications" description="Send an in-app notification, and an email to those who want product updates." />
      <Card title="New notification" className="admin-narrow">
        <form className="form" onSubmit={handleSubmit} noValidate>
          <TextField label="Subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
          <div className="field">
            <label htmlFor={bodyId} className="field-label">
              Body
            </label>
            <textarea
              id={bodyId}
              className="field-input admin-textarea"
              rows={6}
              maxLength={10_000}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </div>
          <SelectField
            label="Audience"
            options={AUDIENCES}
            value={audience}
            onChange={(e) => setAudience(e.target.value as TNotificationAudience)}
          />
          {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
          <div className="form-actions">
            <Button type="submit" isBusy={isBusy} busyLabel="Sending...">
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
