import { useMutation } from '@tanstack/react-query';
import { adminManageApi, type TWaitlistEntry } from '@cartwise/contracts';
import { Badge, Button, Card, DataTable, PageHeader, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatDateTime, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { AdminEmailForm } from './admin-email-form';
import { QueryStatus } from './admin-ui';
import './admin.css';

function InviteButton({ entry }: { entry: TWaitlistEntry }) {
  const invalidate = useInvalidateAdmin();
  const invite = useMutation({
    mutationFn: () => callApi(adminManageApi.inviteFromWaitlist, { params: { id: entry.id } }),
    onSuccess: () => {
      toast.success('Invite sent', entry.email);
      void invalidate();
    },
    onError: (error) => toast.error('Could not send the invite', getErrorMessage(error)),
  });
  if (entry.status === 'invited') return <span className="muted">Invite sent</span>;
  return (
    <Button
      className="btn-small"
      variant="secondary"
      isBusy={invite.isPending}
      onClick={() => invite.mutate()}
      aria-label={`Invite ${entry.email}`}
    >
      Invite
    </Button>
  );
}

export default function AdminWaitlistPage() {
  const query = useAdminQuery(['waitlist'], adminManageApi.waitlist);
  const invalidate = useInvalidateAdmin();

  async function addToWaitlist(email: string) {
    await callApi(adminManageApi.addToWaitlist, { body: { email } });
    toast.success('Added to the waitlist', email);
    void invalidate(['waitlist']);
  }

  return (
    <div className="page">
      <PageHeader title="Waitlist" description="People waiting for an account. Inviting emails them a sign-up code." />
      <Card title="Add someone">
        <AdminEmailForm
          submitLabel="Add to waitlist"
          busyLabel="Adding..."
          failureTitle="Could not add to the waitlist"
          onSend={addToWaitlist}
        />
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
