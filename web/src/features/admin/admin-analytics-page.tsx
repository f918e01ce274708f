import { adminManageApi } from '@cartwise/contracts';
import { Card, DataTable, PageHeader } from '../../components';
import { formatCount, useAdminQuery } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';
import { formatDate, getActiveFormat } from '../../lib/format';

function formatWeek(weekStart: string): string {
  return formatDate(weekStart, getActiveFormat(), 'short-date');
}

function WeekBars({ title, weeks }: { title: string; weeks: { week_start: string; count: number }[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  return (
    <Card title={title}>
      <p className="muted small">{formatCount(total)} in the last 12 weeks (weeks start on Monday)</p>
      <ul className="admin-bars" aria-label={title}>
        {weeks.map((w) => (
          <li key={w.week_start} className="admin-bar-row">
            <span className="admin-nowrap">{formatWeek(w.week_start)}</span>
            <span className="admin-bar-track" aria-hidden="true">
              <span className="admin-bar-fill" style={{ width: `${(w.count / max) * 100}%` }} />
            </span>
            <span className="admin-bar-count">{formatCount(w.count)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function AdminAnalyticsPage() {
  const query = useAdminQuery(['analytics'], adminManageApi.analytics);
  const data = query.data;
  return (
    <div className="page">
      <PageHeader title="Analytics" description="Growth and activity over the last 12 weeks." />
      <QueryStatus query={query} />
      {data ? (
        <div className="admin-two-col">
          <WeekBars title="Sign-ups per week" weeks={data.signups_per_week} />
          <WeekBars title="Receipts per week" weeks={data.receipts_per_week} />
          <Card title="Deals by status">
            <DataTable
              caption="Every submitted deal"
              rows={data.deals_by_status}
              getRowKey={(row) => row.status}
              empty="No deals yet"
              columns={[
                { key: 'status', header: 'Status', render: (row) => row.status.charAt(0).toUpperCase() + row.status.slice(1) },
                { key: 'count', header: 'Deals', isNumeric: true, render: (row) => formatCount(row.count) },
              ]}
            />
          </Card>
        </div>
      ) : null}
    </div>
  );
}
