import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminApi, type TAdminUserQuery } from '@cartwise/contracts';
import { Badge, Button, Card, DataTable, PageHeader, SelectField, TextField } from '../../components';
import { useAuth } from '../auth/auth-context';
import { formatDate, useAdminQuery } from './admin-api';
import { Pager, QueryStatus, TrialStateBadge } from './admin-ui';
import './admin.css';

const PAGE_SIZE = 25;

const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  { value: 'user', label: 'Shoppers' },
  { value: 'admin', label: 'Admins' },
];
const STATE_OPTIONS = [
  { value: '', label: 'Any state' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];
const PLAN_OPTIONS = [
  { value: '', label: 'Any subscription' },
  { value: 'trial', label: 'In trial' },
  { value: 'paid', label: 'Paid' },
  { value: 'expired_trial', label: 'Trial expired' },
];
const SIGNED_UP_OPTIONS = [
  { value: '', label: 'Any time' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last year' },
];
const LAST_SEEN_OPTIONS = [
  { value: '', label: 'Any time' },
  { value: '1d', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'inactive_30d', label: 'Not for 30 days' },
  { value: 'never', label: 'Never' },
];
/** Sort and direction as one choice, the way an operator thinks of it. */
const SORT_OPTIONS = [
  { value: 'created:desc', label: 'Newest first' },
  { value: 'created:asc', label: 'Oldest first' },
  { value: 'last_seen:desc', label: 'Recently seen' },
  { value: 'last_seen:asc', label: 'Longest unseen' },
  { value: 'email:asc', label: 'Email A-Z' },
  { value: 'name:asc', label: 'Name A-Z' },
];
const FILTER_KEYS = ['role', 'state', 'plan', 'signed_up_days', 'last_seen'] as const;

/** The list's state lives in the address, so a filtered view can be bookmarked, shared and gone back to. */
function readQuery(params: URLSearchParams): TAdminUserQuery {
  const [sort, order] = (params.get('sort') ?? 'created:desc').split(':');
  const query: Record<string, string | number> = { page: Number(params.get('page') ?? '1') || 1, page_size: PAGE_SIZE };
  const q = params.get('q');
  if (q) query.q = q;
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  if (sort) query.sort = sort;
  if (order) query.order = order;
  return query as TAdminUserQuery;
}

export default function AdminUsersPage() {
  const { profile } = useAuth();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [draft, setDraft] = useState(params.get('q') ?? '');
  const users = useAdminQuery(['users', params.toString()], adminApi.users, { query });
  const isBillingOn = users.data?.is_billing_enabled ?? false;
  const isFiltered = Boolean(params.get('q')) || FILTER_KEYS.some((key) => params.get(key));

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  }

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ q: draft.trim() });
  }

  const select = (key: (typeof FILTER_KEYS)[number], label: string, options: { value: string; label: string }[]) => (
    <SelectField label={label} value={params.get(key) ?? ''} onChange={(e) => update({ [key]: e.target.value })} options={options} />
  );

  return (
    <div className="page">
      <PageHeader title="Users" description="Find accounts by role, state, subscription and activity; open one to act on it." />
      <Card>
        <form className="admin-toolbar" role="search" onSubmit={handleSearch}>
          <TextField label="Search by email or name" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
          <Button type="submit">Search</Button>
          {isFiltered ? (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft('');
                setParams(new URLSearchParams(params.get('sort') ? { sort: params.get('sort')! } : {}), { replace: true });
              }}
            >
              Clear
            </Button>
          ) : null}
        </form>
        <div className="admin-filters" role="group" aria-label="Filters">
          {select('role', 'Role', ROLE_OPTIONS)}
          {select('state', 'State', STATE_OPTIONS)}
          {isBillingOn ? select('plan', 'Subscription', PLAN_OPTIONS) : null}
          {select('signed_up_days', 'Signed up', SIGNED_UP_OPTIONS)}
          {select('last_seen', 'Last seen', LAST_SEEN_OPTIONS)}
          <SelectField
            label="Sort"
            value={params.get('sort') ?? 'created:desc'}
            onChange={(e) => update({ sort: e.target.value })}
            options={SORT_OPTIONS}
          />
        </div>
        <QueryStatus query={users} />
        {users.data ? (
          <>
            <DataTable
              caption={isFiltered ? 'Users matching the filters' : 'All users'}
              rows={users.data.items}
              getRowKey={(row) => row.id}
              empty={isFiltered ? 'No user matches these filters' : 'No users yet'}
              columns={[
                {
                  key: 'user',
                  header: 'User',
                  render: (row) => (
                    <span className="admin-user-cell">
                      <Link to={`/admin/users/${row.id}`}>
                        {row.display_name || row.full_name || row.email}
                        {row.id === profile?.id ? ' (you)' : ''}
                      </Link>
                      <span className="muted small">{row.email}</span>
                    </span>
                  ),
                },
                {
                  key: 'role',
                  header: 'Role',
                  render: (row) => (
                    <span className="admin-actions">
                      <Badge tone={row.role === 'admin' ? 'info' : 'neutral'}>{row.role === 'admin' ? 'Admin' : 'Shopper'}</Badge>
                      {row.suspended_at ? <Badge tone="danger">Suspended</Badge> : null}
                    </span>
                  ),
                },
                ...(isBillingOn
                  ? [
                      {
                        key: 'plan',
                        header: 'Subscription',
                        render: (row: (typeof users.data.items)[number]) => <TrialStateBadge state={row.trial_state} />,
                      },
                    ]
                  : []),
                {
                  key: 'seen',
                  header: 'Last seen',
                  render: (row) => <span className="admin-nowrap">{row.last_seen_at ? formatDate(row.last_seen_at) : 'Never'}</span>,
                },
                { key: 'joined', header: 'Joined', render: (row) => <span className="admin-nowrap">{formatDate(row.created_at)}</span> },
              ]}
            />
            <Pager
              label="Users"
              page={users.data.page}
              pageSize={PAGE_SIZE}
              total={users.data.total}
              onPage={(page) => update({ page: String(page) })}
            />
          </>
        ) : null}
      </Card>
    </div>
  );
}
