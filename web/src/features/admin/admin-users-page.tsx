import { useState, type FormEvent } from 'react';
import { adminApi, type TAdminUser, type TRole } from '@cartwise/contracts';
import { Badge, Button, Card, DataTable, PageHeader, TextField, toast, type DataColumn } from '../../components';
import { callApi } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
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
      const updated = await callApi(adminApi.changeRole, { params: { id: user.id }, body: { role: nextRole } });
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** Shown only with billing on. */
const billingColumns: DataColumn<TAdminUser>[] = [
  {
    key: 'plan',
    header: 'Subscription',
    render: (row) => (
      <>
        <TrialStateBadge state={row.trial_state} />
        {row.trial_state === 'paid' && !row.has_subscription ? <span className="muted"> comped</span> : null}
      </>
    ),
  },
  {
    key: 'trial_end',
    header: 'Trial ends',
    render: (row) => <span className="admin-nowrap">{formatDate(row.trial_ends_at)}</span>,
  },
  {
    key: 'paid_until',
    header: 'Paid until',
    render: (row) => <span className="admin-nowrap">{formatDate(row.paid_until)}</span>,
  },
];

/** Extend or end a trial, or grant a year of paid time (a comped account); each change is audited. */
function SubscriptionActions({ user }: { user: TAdminUser }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();

  async function change(done: string, body: { trialEndsAt?: string | null; paidUntil?: string | null }) {
    await runAction('Could not change the subscription', async () => {
      const updated = await callApi(adminApi.changeSubscription, { params: { id: user.id }, body });
      toast.success('Subscription updated', `${updated.email}: ${done}.`);
      void invalidate(['users']);
    });
  }

  const trialEnd = Math.max(Date.now(), user.trial_ends_at ? Date.parse(user.trial_ends_at) : 0);
  const paidEnd = Math.max(Date.now(), user.paid_until ? Date.parse(user.paid_until) : 0);
  return (
    <div className="admin-actions">
      <Button
        variant="secondary"
        className="btn-small"
        isBusy={isBusy}
        aria-label={`Extend trial by 30 days: ${user.email}`}
        onClick={() => change('trial extended by 30 days', { trialEndsAt: new Date(trialEnd + 30 * DAY_MS).toISOString() })}
      >
        +30 days trial
      </Button>
      <Button
        variant="secondary"
        className="btn-small"
        isBusy={isBusy}
        aria-label={`Grant a paid year: ${user.email}`}
        onClick={() => change('a paid year granted', { paidUntil: new Date(paidEnd + 365 * DAY_MS).toISOString() })}
      >
        Grant 1 year
      </Button>
      {user.trial_state === 'trial' ? (
        <Button
          variant="ghost"
          className="btn-small"
          isBusy={isBusy}
          aria-label={`End trial now: ${user.email}`}
          onClick={() => change('trial ended', { trialEndsAt: new Date().toISOString() })}
        >
          End trial
        </Button>
      ) : null}
    </div>
  );
}

export default function AdminUsersPage() {
  const { profile } = useAuth();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // Without billing every account is free: no subscription columns, trial or grant actions.
  const isBillingOn = useAppConfig().data?.billing.isEnabled === true;
  const query = useAdminQuery(['users', search, page], adminApi.users, {
    query: { page, page_size: PAGE_SIZE, q: search || undefined },
  });

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  return (
    <div className="page">
      <PageHeader
        title="Users"
        description={
          isBillingOn
            ? 'Find an account, see its subscription state, change its role, extend its trial or grant paid time.'
            : 'Find an account and change its role.'
        }
      />
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
                {
                  key: 'role',
                  header: 'Role',
                  render: (row) => (
                    <Badge tone={row.role === 'admin' ? 'info' : 'neutral'}>{row.role === 'admin' ? 'Admin' : 'Shopper'}</Badge>
                  ),
                },
                ...(isBillingOn ? billingColumns : []),
                { key: 'joined', header: 'Joined', render: (row) => <span className="admin-nowrap">{formatDate(row.created_at)}</span> },
                {
                  key: 'action',
                  header: 'Action',
                  render: (row) => (
                    <div className="admin-actions">
                      <RoleAction user={row} isSelf={row.id === profile?.id} />
                      {isBillingOn ? <SubscriptionActions user={row} /> : null}
                    </div>
                  ),
                },
              ]}
            />
            <Pager label="Users" page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={setPage} />
          </>
        ) : null}
      </Card>
    </div>
  );
}
