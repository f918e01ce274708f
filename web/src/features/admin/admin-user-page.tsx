import { useParams } from 'react-router';
import { adminApi, type TAdminUserDetail } from '@cartwise/contracts';
import { BackLink, Badge, Card, DataTable, PageHeader } from '../../components';
import { useAuth } from '../auth/auth-context';
import { formatCount, formatDate, formatDateTime, useAdminQuery } from './admin-api';
import { QueryStatus, TrialStateBadge } from './admin-ui';
import { RoleAction, SubscriptionActions, SuspensionAction } from './admin-user-actions';
import './admin.css';

const ACTION_LABELS: Record<string, string> = {
  'user.role_changed': 'Role changed',
  'user.subscription_changed': 'Subscription changed',
  'user.suspended': 'Suspended',
  'user.reinstated': 'Reinstated',
};

function describeEvent(event: TAdminUserDetail['events'][number]): string {
  const reason = typeof event.details?.reason === 'string' ? `: ${event.details.reason}` : '';
  const role = typeof event.details?.to === 'string' ? ` to ${event.details.to === 'admin' ? 'admin' : 'shopper'}` : '';
  return `${ACTION_LABELS[event.action] ?? event.action}${role}${reason}`;
}

/** One account: who it is, its state, what it holds (counts only: shoppers' data stays theirs) and the actions on it. */
export default function AdminUserPage() {
  const { id = '' } = useParams();
  const { profile } = useAuth();
  const query = useAdminQuery(['user', id], adminApi.user, { params: { id } });
  const user = query.data;
  const isSelf = user?.id === profile?.id;
  const isBillingOn = user ? user.trial_state !== 'free' : false;
  return (
    <div className="page">
      <BackLink to="/admin/users">Users</BackLink>
      <PageHeader title={user ? user.display_name || user.full_name || user.email : 'User'} description={user?.email} />
      <QueryStatus query={query} />
      {user ? (
        <>
          <Card title="Account">
            <dl className="admin-facts">
              <div>
                <dt>Role</dt>
                <dd>{user.role === 'admin' ? 'Admin' : 'Shopper'}</dd>
              </div>
              <div>
                <dt>State</dt>
                <dd>{user.suspended_at ? <Badge tone="danger">Suspended</Badge> : <Badge tone="success">Active</Badge>}</dd>
              </div>
              {isBillingOn ? (
                <div>
                  <dt>Subscription</dt>
                  <dd>
                    <TrialStateBadge state={user.trial_state} />
                    {user.trial_state === 'paid' && !user.has_subscription ? <span className="muted"> comped</span> : null}
                  </dd>
                </div>
              ) : null}
              {isBillingOn ? (
                <div>
                  <dt>Trial ends</dt>
                  <dd>{formatDate(user.trial_ends_at)}</dd>
                </div>
              ) : null}
              {isBillingOn ? (
                <div>
                  <dt>Paid until</dt>
                  <dd>{formatDate(user.paid_until)}</dd>
                </div>
              ) : null}
              <div>
                <dt>Joined</dt>
                <dd>{formatDate(user.created_at)}</dd>
              </div>
              <div>
                <dt>Last seen</dt>
                <dd>{user.last_seen_at ? formatDateTime(user.last_seen_at) : 'Never'}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{user.email_verified ? 'Confirmed' : 'Not confirmed'}</dd>
              </div>
              <div>
                <dt>Signed-in devices</dt>
                <dd>{formatCount(user.active_sessions)}</dd>
              </div>
            </dl>
            {user.suspended_at ? (
              <p>
                Suspended on {formatDateTime(user.suspended_at)}
                {user.suspended_reason ? `: ${user.suspended_reason}` : ''}
              </p>
            ) : null}
            <div className="admin-actions">
              <RoleAction user={user} isSelf={isSelf} />
              {isSelf ? <span className="muted">This is your own account: it cannot be suspended.</span> : <SuspensionAction user={user} />}
            </div>
            {isBillingOn ? <SubscriptionActions user={user} /> : null}
          </Card>
          <Card title="What the account holds">
            <dl className="admin-facts">
              {(
                [
                  ['Lists', user.counts.lists],
                  ['Receipts', user.counts.receipts],
                  ['Pantry items', user.counts.pantry_items],
                  ['Deals submitted', user.counts.deals],
                  ['Households', user.counts.households],
                  ['Access tokens', user.counts.access_tokens],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{formatCount(value)}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card title="Operator actions">
            <DataTable
              caption="Changes operators made to this account, newest first"
              rows={user.events}
              getRowKey={(row) => `${row.created_at}-${row.action}`}
              empty="No operator has changed this account"
              columns={[
                { key: 'when', header: 'When', render: (row) => <span className="admin-nowrap">{formatDateTime(row.created_at)}</span> },
                { key: 'what', header: 'What', render: (row) => describeEvent(row) },
                { key: 'who', header: 'By', render: (row) => row.actor_email ?? '—' },
              ]}
            />
          </Card>
        </>
      ) : null}
    </div>
  );
}
