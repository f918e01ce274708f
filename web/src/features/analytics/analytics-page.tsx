import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { analyticsApi, type TSpendByMonth, type TSpendByStore } from '@cartwise/contracts';
import { ButtonLink, Card, DataTable, EmptyState, FormMessage, Money, PageHeader, SelectField, Spinner } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { LazySpendByMonthChart, LazySpendByStoreChart } from '../charts/lazy-charts';
import { CategorySpend } from '../receipts/category-spend';
import { PriceIndexCard } from './price-index-card';
import './analytics.css';
import { formatDate, getActiveFormat } from '../../lib/format';

const WINDOWS = [
  { value: '3', label: 'Last 3 months' },
  { value: '6', label: 'Last 6 months' },
  { value: '12', label: 'Last 12 months' },
  { value: '24', label: 'Last 24 months' },
];

function formatMonth(month: string): string {
  return formatDate(month, getActiveFormat(), 'month');
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
              <LazySpendByMonthChart
                caption="Bar chart of spend per month; the table below has the same figures."
                months={byMonth.map((row) => ({ month: row.month, cents: row.total_cents }))}
              />
              <DataTable<TSpendByMonth>
                caption="Spend by month"
                columns={[
                  { key: 'month', header: 'Month', render: (row) => formatMonth(row.month) },
                  { key: 'total', header: 'Spent', isNumeric: true, render: (row) => <Money cents={row.total_cents} /> },
                ]}
                rows={[...byMonth].reverse()}
                getRowKey={(row) => row.month}
              />
            </Card>
            <Card title="Spend by store">
              <LazySpendByStoreChart caption="Bar chart of spend per store; the table below has the same figures." stores={byStore} />
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
          <PriceIndexCard months={Number(months)} />
        </>
      ) : null}
    </div>
  );
}
