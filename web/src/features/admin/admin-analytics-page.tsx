import { adminManageApi } from '@cartwise/contracts';
import { Card, DataTable, PageHeader } from '../../components';
import { formatCount, useAdminQuery } from './admin-api';
import { LazyWeekCountChart } from '../charts/lazy-charts';
import type { WeekCount } from '../charts/week-count-chart';
import { QueryStatus } from './admin-ui';
import './admin.css';
import { formatDate, getActiveFormat } from '../../lib/format';

function formatWeek(weekStart: string): string {
  return formatDate(weekStart, getActiveFormat(), 'short-date');
}

function WeekBars({ title, noun, weeks }: { title: string; noun: string; weeks: WeekCount[] }) {
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  return (
    <Card title={title}>
      <LazyWeekCountChart
        caption={`${formatCount(total)} in the last 12 weeks (weeks start on Monday); the figures are below the chart.`}
        noun={noun}
        weeks={weeks}
      />
      <details className="admin-chart-figures">
        <summary>Figures per week</summary>
        <DataTable<WeekCount>
          caption={title}
          rows={[...weeks].reverse()}
          getRowKey={(row) => row.week_start}
          columns={[
            { key: 'week', header: 'Week of', render: (row) => formatWeek(row.week_start) },
            { key: 'count', header: 'Count', isNumeric: true, render: (row) => formatCount(row.count) },
          ]}
        />
      </details>
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
          <WeekBars title="Sign-ups per week" noun="sign-ups" weeks={data.signups_per_week} />
          <WeekBars title="Receipts per week" noun="receipts" weeks={data.receipts_per_week} />
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
