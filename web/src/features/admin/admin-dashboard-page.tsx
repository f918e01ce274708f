import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi, ANNUAL_PRICE, BILLING_CURRENCY, type TAdminStats } from '@cartwise/contracts';
import { Button, Card, Money, PageHeader } from '../../components';
import { callApi } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { formatCount, formatDateTime, useAdminQuery } from './admin-api';
import { QueryStatus, StatTile } from './admin-ui';
import './admin.css';

export default function AdminDashboardPage() {
  const query = useAdminQuery(['stats'], adminApi.stats);
  const queryClient = useQueryClient();
  const [isRefreshing, setIsRefreshing] = useState(false);
  // Without billing every account is free: the dashboard leads with users and shows no trials, subscriptions or revenue.
  const isBillingOn = useAppConfig().data?.billing.isEnabled === true;

  async function handleRefresh() {
    setIsRefreshing(true);
    try {
      queryClient.setQueryData(['admin', 'stats'], await callApi(adminApi.stats, { query: { fresh: '1' } }));
    } catch {
      await query.refetch();
    } finally {
      setIsRefreshing(false);
    }
  }

  const stats = query.data;
  return (
    <div className="page">
      <PageHeader
        title="Admin dashboard"
        description={`${isBillingOn ? 'Users and subscriptions' : 'Users'} at a glance. Figures are cached for 2 minutes.`}
        actions={
          <Button variant="secondary" onClick={handleRefresh} isBusy={isRefreshing} busyLabel="Refreshing...">
            Refresh now
          </Button>
        }
      />
      <QueryStatus query={query} />
      {stats ? (
        <>
          {isBillingOn && stats.users.expired_trials > 0 ? (
            <Card tone="warning" title="Expired trials need attention" role="alert">
              <p>
                {formatCount(stats.users.expired_trials)} {stats.users.expired_trials === 1 ? 'trial has' : 'trials have'} ended without a
                subscription. <Link to="/admin/notifications?audience=expired">Send them a reminder</Link> before they drift away.
              </p>
            </Card>
          ) : null}
          <Card title="Users">
            <div className="admin-stat-grid">
              <StatTile label="Total users" value={formatCount(stats.users.total_users)} />
              <StatTile label="Active this week" value={formatCount(stats.users.active_users_this_week)} sub="Signed in within 7 days" />
              {isBillingOn ? (
                <>
                  <StatTile label="Trial users" value={formatCount(stats.users.trial_users)} />
                  <StatTile label="Paid users" value={formatCount(stats.users.paid_users)} />
                  <StatTile label="Expired trials" value={formatCount(stats.users.expired_trials)} />
                </>
              ) : null}
            </div>
          </Card>
          {isBillingOn ? <SubscriptionsCard stats={stats} /> : null}
          <p className="muted small">Updated {formatDateTime(stats.generated_at)}</p>
        </>
      ) : null}
    </div>
  );
}

function SubscriptionsCard({ stats }: { stats: TAdminStats }) {
  return (
    <Card title="Subscriptions">
      <div className="admin-stat-grid">
        <StatTile
          label="Active subscribers"
          value={formatCount(stats.subscriptions.active_subscribers)}
          sub={
            <>
              <Money amount={stats.subscriptions.total_revenue_annual} currency={BILLING_CURRENCY} /> per year (
              {formatCount(stats.subscriptions.active_subscribers)} × <Money amount={ANNUAL_PRICE} currency={BILLING_CURRENCY} />)
            </>
          }
        />
        <StatTile label="Active trials" value={formatCount(stats.subscriptions.active_trials)} />
        <StatTile label="Expired trials" value={formatCount(stats.subscriptions.expired_trials)} />
        <StatTile label="Annual revenue" value={<Money amount={stats.subscriptions.total_revenue_annual} currency={BILLING_CURRENCY} />} />
        <StatTile label="Total users" value={formatCount(stats.subscriptions.total_users)} />
      </div>
    </Card>
  );
}
