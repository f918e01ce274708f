import { useState, type FormEvent } from 'react';
import { adminManageApi, type TWaitlistEntry } from '@cartwise/contracts';
import { Badge, Button, Card, DataTable, PageHeader, TextField, toast } from '../../components';
import { callApi } from '../../lib/api-client';
import { formatDateTime, useAdminAction, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';

function InviteButton({ entry }: { entry: TWaitlistEntry }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();
  if (entry.status === 'invited') return <span className="muted">Invite sent</span>;

  async function handleInvite() {
    await runAction('Could not send the invite', async () => {
      await callApi(adminManageApi.inviteFromWaitlist, { params: { id: entry.id } });
      toast.success('Invite sent', entry.email);
      void invalidate();
    });
  }

  return (
    <Button className="btn-small" variant="secondary" isBusy={isBusy} onClick={handleInvite} aria-label={`Invite ${entry.email}`}>
      Invite
    </Button>
  );
}

export default function AdminWaitlistPage() {
  const query = useAdminQuery(['waitlist'], adminManageApi.waitlist);
  const invalidate = useInvalidateAdmin();
  const [email, setEmail] = useState('');
  const { isBusy, runAction } = useAdminAction();

  async function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runAction('Could not add to the waitlist', async () => {
      await callApi(adminManageApi.addToWaitlist, { body: { email } });
      toast.success('Added to the waitlist', email.trim());
      setEmail('');
      void invalidate(['waitlist']);
    });
  }

  return (
    <div className="page">
      <PageHeader title="Waitlist" description="People waiting for an account. Inviting emails them a sign-up code." />
      <Card title="Add someone">
        <form className="admin-toolbar" onSubmit={handleAdd}>
          <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" isBusy={isBusy} busyLabel="Adding...">
            Add to waitlist
          </Button>
        </form>
      </Card>
      <Card title="Waiting list">
        <QueryStatus query={query} />
        {query.data ? (
          <DataTable
            caption={`${query.data.items.length} on the waitlist`}
            rows={query.data.items}
            getRowKey={(row) => row.id}
            empty="Nobody is waiting"
            columns={[
              { key: 'email', header: 'Email', render: (row) => row.email },
              {
                key: 'status',
                header: 'Status',
                render: (row) => (
                  <Badge tone={row.status === 'invited' ? 'success' : 'neutral'}>{row.status === 'invited' ? 'Invited' : 'Waiting'}</Badge>
                ),
              },
              { key: 'joined', header: 'Joined', render: (row) => <span className="admin-nowrap">{formatDateTime(row.created_at)}</span> },
              { key: 'action', header: 'Action', render: (row) => <InviteButton entry={row} /> },
            ]}
          />
        ) : null}
      </Card>
    </div>
  );
}
