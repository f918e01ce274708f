import { useState, type FormEvent } from 'react';
import { adminManageApi, type TInvite } from '@cartwise/contracts';
import { Badge, Button, Card, DataTable, PageHeader, TextField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatDateTime, useAdminAction, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';

function RevokeButton({ invite }: { invite: TInvite }) {
  const [isBusy, setIsBusy] = useState(false);
  const invalidate = useInvalidateAdmin();
  if (invite.used_at) return <span className="muted">Used</span>;

  async function handleRevoke() {
    setIsBusy(true);
    try {
      await callApi(adminManageApi.revokeInvite, { params: { id: invite.id } });
      toast.success('Invite revoked', invite.email);
      void invalidate(['invites']);
    } catch (error) {
      toast.error('Could not revoke the invite', getErrorMessage(error));
      setIsBusy(false);
    }
  }

  return (
    <Button className="btn-small" variant="danger" isBusy={isBusy} onClick={handleRevoke} aria-label={`Revoke invite for ${invite.email}`}>
      Revoke
    </Button>
  );
}

export default function AdminInvitesPage() {
  const query = useAdminQuery(['invites'], adminManageApi.invites);
  const invalidate = useInvalidateAdmin();
  const [email, setEmail] = useState('');
  const { isBusy, runAction } = useAdminAction();

  async function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runAction('Could not create the invite', async () => {
      const invite = await callApi(adminManageApi.createInvite, { body: { email } });
      toast.success('Invite created', `Code ${invite.code} was emailed to ${invite.email}.`);
      setEmail('');
      void invalidate(['invites']);
    });
  }

  return (
    <div className="page">
      <PageHeader title="Invites" description="Invite codes let someone create an account; unused codes can be revoked." />
      <Card title="Create an invite">
        <form className="admin-toolbar" onSubmit={handleCreate}>
          <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" isBusy={isBusy} busyLabel="Creating...">
            Create invite
          </Button>
        </form>
      </Card>
      <Card title="Invites">
        <QueryStatus query={query} />
        {query.data ? (
          <DataTable
            caption={`${query.data.items.length} invites`}
            rows={query.data.items}
            getRowKey={(row) => row.id}
            empty="No invites yet"
            columns={[
              { key: 'email', header: 'Email', render: (row) => row.email },
              { key: 'code', header: 'Code', render: (row) => <code className="admin-nowrap">{row.code}</code> },
              {
                key: 'status',
                header: 'Status',
                render: (row) => <Badge tone={row.used_at ? 'success' : 'info'}>{row.used_at ? 'Used' : 'Open'}</Badge>,
              },
              { key: 'by', header: 'Created by', render: (row) => row.created_by_email ?? '—' },
              { key: 'when', header: 'Created', render: (row) => <span className="admin-nowrap">{formatDateTime(row.created_at)}</span> },
              { key: 'action', header: 'Action', render: (row) => <RevokeButton invite={row} /> },
            ]}
          />
        ) : null}
      </Card>
    </div>
  );
}
