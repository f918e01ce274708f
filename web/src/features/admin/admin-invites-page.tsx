import { useMutation } from '@tanstack/react-query';
import { adminManageApi, type TInvite } from '@cartwise/contracts';
import { Badge, Button, Card, DataTable, PageHeader, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatDateTime, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { AdminEmailForm } from './admin-email-form';
import { QueryStatus } from './admin-ui';
import './admin.css';

function RevokeButton({ invite }: { invite: TInvite }) {
  const invalidate = useInvalidateAdmin();
  const revoke = useMutation({
    mutationFn: () => callApi(adminManageApi.revokeInvite, { params: { id: invite.id } }),
    onSuccess: () => {
      toast.success('Invite revoked', invite.email);
      void invalidate(['invites']);
    },
    onError: (error) => toast.error('Could not revoke the invite', getErrorMessage(error)),
  });
  if (invite.used_at) return <span className="muted">Used</span>;
  return (
    <Button
      className="btn-small"
      variant="danger"
      // Stays busy after success until the refreshed list drops the button.
      isBusy={revoke.isPending || revoke.isSuccess}
      onClick={() => revoke.mutate()}
      aria-label={`Revoke invite for ${invite.email}`}
    >
      Revoke
    </Button>
  );
}

export default function AdminInvitesPage() {
  const query = useAdminQuery(['invites'], adminManageApi.invites);
  const invalidate = useInvalidateAdmin();

  async function createInvite(email: string) {
    const invite = await callApi(adminManageApi.createInvite, { body: { email } });
    toast.success('Invite created', `Code ${invite.code} was emailed to ${invite.email}.`);
    void invalidate(['invites']);
  }

  return (
    <div className="page">
      <PageHeader title="Invites" description="Invite codes let someone create an account; unused codes can be revoked." />
      <Card title="Create an invite">
        <AdminEmailForm
          submitLabel="Create invite"
          busyLabel="Creating..."
          failureTitle="Could not create the invite"
          onSend={createInvite}
        />
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
