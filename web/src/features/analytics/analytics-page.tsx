import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { analyticsApi, type TSpendByMonth, type TSpendByStore } from '@cartwise/contracts';
import { ButtonLink, Card, DataTable, EmptyState, FormMessage, Money, PageHeader, SelectField, Spinner } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { SpendBars } from './spend-bars';
import { CategorySpend } from '../receipts/category-spend';
import './analytics.css';
import { formatDate, getActiveFormat } from '../../lib/format';

const WINDOWS = [
  { value: '3', label: 'Last 3 months' },
  { value: '6', label: 'Last 6 months' },
  { value: '12', label: 'Last 12 months' },
  { value: '24', label: 'Last 24 months' },
];

function formatMonth(month: string, style: 'short' | 'long' = 'short'): string {
  return formatDate(month, getActiveFormat(), style === 'long' ? 'month' : 'short-month');
}

export default function AnalyticsPage() {
  const [months, setMonths] = useState('12');
  const query = useQuery({
    queryKey: ['analytics', 'spend', months],
    queryFn: ({ signal }) => callApi(analyticsApi.spend, { query: { months }, signal }),
  });
  const byMonth = query.data?.byMonth ?? [];
  const byStore = query.data?.byStore ?? [];
  const total = byMonth.reduce((sum, month) => sum + month.total_cents, 0);
  const hasSpend = total > 0;

  return (
    <div className="page">
      <PageHeader
        title="Analytics"
        description="Where your grocery money goes."
        actions={
          <SelectField
            label="Period"
            className="analytics-period"
            value={months}
            onChange={(event) => setMonths(event.target.value)}
            options={WINDOWS}
          />
        }
      />
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <FormMessage tone="error">{getErrorMessage(query.error, 'Could not load your spending')}</FormMessage> : null}
      {query.isSuccess && !hasSpend ? (
        <EmptyState
          title="No spending to show yet"
          description="Add receipts with a purchase date and your spending by month and by store appears here."
          action={<ButtonLink to="/u/receipts/upload">Add a receipt</ButtonLink>}
        />
      ) : null}
      {query.isSuccess && hasSpend ? (
        <>
          <p className="analytics-total">
            Total spent:{' '}
            <strong>
              <Money cents={total} />
            </strong>
          </p>
          <div className="analytics-columns">
            <Card title="Spend by month">
              <SpendBars
                title="Bar chart of spend per month; the table below has the same figures."
                bars={byMonth.map((row) => ({ key: row.month, label: formatMonth(row.month), cents: row.total_cents }))}
              />
              <DataTable<TSpendByMonth>
                caption="Spend by month"
                columns={[
                  { key: 'month', header: 'Month', render: (row) => formatMonth(row.month, 'long') },
                  { key: 'total', header: 'Spent', isNumeric: true, render: (row) => <Money cents={row.total_cents} /> },
                ]}
                rows={[...byMonth].reverse()}
                getRowKey={(row) => row.month}
              />
            </Card>
            <Card title="Spend by store">
              <SpendBars
                title="Bar chart of spend per store; the table below has the same figures."
                bars={byStore.map((row) => ({ key: row.store_name, label: row.store_name, cents: row.total_cents }))}
              />
              <DataTable<TSpendByStore>
                caption="Spend by store"
                columns={[
                  { key: 'store', header: 'Store', render: (row) => row.store_name },
                  { key: 'receipts', header: 'Receipts', isNumeric: true, render: (row) => row.receipts },
                  { key: 'total', header: 'Spent', isNumeric: true, render: (row) => <Money cents={row.total_cents} /> },
                ]}
                rows={byStore}
                getRowKey={(row) => row.store_name}
              />
            </Card>
          </div>
          <CategorySpend months={Number(months)} />
        </>
      ) : null}
    </div>
  );
}
