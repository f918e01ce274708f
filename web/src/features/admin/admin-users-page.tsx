import { useState, type FormEvent } from 'react';
import { ZAdminUser, ZAdminUserList, type TAdminUser, type TRole } from '@cartwise/contracts';
import { Badge, Button, Card, DataTable, PageHeader, TextField, toast } from '../../components';
import { apiSend } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';
import { formatDate, useAdminAction, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { Pager, QueryStatus, TrialStateBadge } from './admin-ui';
import './admin.css';

const PAGE_SIZE = 20;

function RoleAction({ user, isSelf }: { user: TAdminUser; isSelf: boolean }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();
  const nextRole: TRole = user.role === 'admin' ? 'user' : 'admin';
  const label = nextRole === 'admin' ? 'Make admin' : 'Remove admin';

  async function handleClick() {
    if (isSelf && nextRole === 'user' && !window.confirm('Remove your own admin access? You will leave the operator area.')) return;
    await runAction('Could not change the role', async () => {
      const updated = await apiSend('PATCH', `/api/admin/users/${user.id}`, { role: nextRole }, ZAdminUser);
      toast.success('Role updated', `${updated.email} is now ${updated.role === 'admin' ? 'an admin' : 'a shopper'}.`);
      void invalidate(['users']);
    });
  }

  return (
    <Button
      variant={nextRole === 'admin' ? 'secondary' : 'danger'}
      className="btn-small"
      isBusy={isBusy}
      onClick={handleClick}
      aria-label={`${label}: ${user.email}`}
    >
      {label}
    </Button>
  );
}

export default function AdminUsersPage() {
  const { profile } = useAuth();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
  if (search) params.set('q', search);
  const query = useAdminQuery(['users', search, page], `/api/admin/users?${params.toString()}`, ZAdminUserList);

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  return (
    <div className="page">
      <PageHeader title="Users" description="Find an account, see its subscription state and change its role." />
      <Card>
        <form className="admin-toolbar" role="search" onSubmit={handleSearch}>
          <TextField label="Search by email or name" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
          <Button type="submit">Search</Button>
          {search ? (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft('');
                setSearch('');
                setPage(1);
              }}
            >
              Clear
            </Button>
          ) : null}
        </form>
        <QueryStatus query={query} />
        {query.data ? (
          <>
            <DataTable
              caption={search ? `Users matching “${search}”` : 'All users, newest first'}
              rows={query.data.items}
              getRowKey={(row) => row.id}
              empty={search ? 'No user matches that search' : 'No users yet'}
              columns={[
                {
                  key: 'user',
                  header: 'User',
                  render: (row) => (
                    <span className="admin-user-cell">
                      <span>
                        {row.display_name || row.full_name || '—'}
                        {row.id === profile?.id ? <span className="muted"> (you)</span> : null}
                      </span>
                      <span className="muted small">{row.email}</span>
                    </span>
                  ),
                },
                { key: 'role', header: 'Role', render: (row) => <Badge tone={row.role === 'admin' ? 'info' : 'neutral'}>{row.role === 'admin' ? 'Admin' : 'Shopper'}</Badge> },
                { key: 'plan', header: 'Subscription', render: (row) => <TrialStateBadge state={row.trial_state} /> },
                { key: 'joined', header: 'Joined', render: (row) => <span className="admin-nowrap">{formatDate(row.created_at)}</span> },
                { key: 'action', header: 'Action', render: (row) => <RoleAction user={row} isSelf={row.id === profile?.id} /> },
              ]}
            />
            <Pager label="Users" page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={setPage} />
          </>
        ) : null}
      </Card>
    </div>
  );
}
