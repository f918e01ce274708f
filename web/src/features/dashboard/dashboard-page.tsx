import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TDashboard } from '@cartwise/contracts';
import { ButtonLink, Card, EmptyState, FormMessage, Money, PageHeader, Spinner } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';
import { useDashboard, useDealsForYouCount } from './dashboard-api';
import { SavingsCard } from './savings-card';
import './dashboard.css';
import { formatDate, getActiveFormat } from '../../lib/format';

function formatMonth(month: string): string {
  return formatDate(month, getActiveFormat(), 'month');
}

function formatDay(day: string | null): string {
  return day ? formatDate(day, getActiveFormat()) : 'No date';
}

function StatTile({ label, value, detail, to }: { label: string; value: ReactNode; detail?: string; to?: string }) {
  const body = (
    <>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
      {detail ? <span className="stat-detail">{detail}</span> : null}
    </>
  );
  return to ? (
    <Link className="stat-tile stat-tile-link" to={to}>
      {body}
    </Link>
  ) : (
    <div className="stat-tile">{body}</div>
  );
}

function Overview({ data, dealsForYou }: { data: TDashboard; dealsForYou: number | null | undefined }) {
  return (
    <>
      <SavingsCard savings={data.savings} />
      <div className="stat-grid">
        <StatTile
          label={`Spent in ${formatMonth(data.month)}`}
          value={<Money cents={data.spend_this_month_cents} />}
          detail={`${data.receipts_this_month} ${data.receipts_this_month === 1 ? 'receipt' : 'receipts'}`}
          to="/u/analytics"
        />
        <StatTile label="Active deals" value={data.active_deals_count} detail="Approved and still running" to="/u/deals" />
        {typeof dealsForYou === 'number' ? (
          <StatTile label="Deals for you" value={dealsForYou} detail="On things you buy" to="/u/deals" />
        ) : null}
        <StatTile
          label="Pantry"
          value={data.pantry_expiring_count}
          detail={data.pantry_expiring_count === 1 ? 'item expiring within 3 days' : 'items expiring within 3 days'}
          to="/u/pantry"
        />
      </div>

      <div className="dashboard-columns">
        <Card title="Recent receipts" actions={<Link to="/u/receipts">All receipts</Link>}>
          {data.recent_receipts.length === 0 ? (
            <EmptyState
              title="No receipts yet"
              description="Snap a receipt to start tracking what you spend."
              action={<ButtonLink to="/u/receipts/upload">Add a receipt</ButtonLink>}
            />
          ) : (
            <ul className="dashboard-rows">
              {data.recent_receipts.map((receipt) => (
                <li key={receipt.id}>
                  <Link to={`/u/receipts/${receipt.id}`} className="dashboard-row">
                    <span className="dashboard-row-main">
                      <span className="dashboard-row-title">{receipt.store_name || 'Unknown store'}</span>
                      <span className="dashboard-row-sub">{formatDay(receipt.purchased_on)}</span>
                    </span>
                    <Money cents={receipt.total_cents} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Your lists" actions={<Link to="/u/lists">All lists</Link>}>
          {data.lists.length === 0 ? (
            <EmptyState
              title="No lists yet"
              description="Plan your next shop."
              action={<ButtonLink to="/u/lists/create">Create your first list</ButtonLink>}
            />
          ) : (
            <ul className="dashboard-rows">
              {data.lists.map((list) => (
                <li key={list.id}>
                  <Link to={`/u/lists/${list.id}`} className="dashboard-row">
                    <span className="dashboard-row-main">
                      <span className="dashboard-row-title">{list.name}</span>
                      <span className="dashboard-row-sub">
                        {list.item_count} {list.item_count === 1 ? 'item' : 'items'}, {list.checked_count} checked
                      </span>
                    </span>
                    <span aria-hidden="true">›</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

export default function DashboardPage() {
  const { profile } = useAuth();
  const query = useDashboard();
  const dealsForYou = useDealsForYouCount();
  const name = profile?.display_name || profile?.full_name;

  return (
    <div className="page">
      <PageHeader title={name ? `Hi, ${name}` : 'Dashboard'} description="Your shopping at a glance." />
      {profile && !profile.is_onboarded ? (
        <Card tone="warning" title="Finish setting up">
          <p>Pick your home stores and notification choices so Cartwise can find savings for you.</p>
          <div>
            <ButtonLink to="/onboarding" variant="secondary">
              Set up Cartwise
            </ButtonLink>
          </div>
        </Card>
      ) : null}
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <FormMessage tone="error">{getErrorMessage(query.error, 'Could not load your dashboard')}</FormMessage> : null}
      {query.data ? <Overview data={query.data} dealsForYou={dealsForYou.data} /> : null}
    </div>
  );
}
