import { useQuery } from '@tanstack/react-query';
import { analyticsApi, savingsApi, type TInflationIndex } from '@cartwise/contracts';
import { Card, DataTable, FormMessage, Money } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';

type IndexMonth = TInflationIndex['months'][number];

function describeChange(index: number): string {
  const change = Math.round((index - 100) * 10) / 10;
  if (change === 0) return 'no change';
  return change > 0 ? `up ${change}%` : `down ${Math.abs(change)}%`;
}

/**
 * The shopper's own inflation: how the prices of what they buy again and again moved since the window's first
 * month, beside what their savings took off this year.
 */
export function PriceIndexCard({ months }: { months: number }) {
  const format = useFormat();
  const index = useQuery({
    queryKey: ['analytics', 'inflation', months],
    queryFn: ({ signal }) => callApi(analyticsApi.inflation, { query: { months: String(months) }, signal }),
  });
  const savings = useQuery({
    queryKey: ['savings', 'year'],
    queryFn: ({ signal }) => callApi(savingsApi.ledger, { query: { period: 'year' }, signal }),
  });
  const rows = index.data?.months ?? [];
  const latest = rows.at(-1);
  // A month sharing no product with the one before keeps the index where it was: with no such pair at all, "no
  // change" would claim prices nobody compared, and the change runs from the month before the first compared one.
  const firstCompared = rows.findIndex((row) => row.basketSize > 0);
  const isCompared = firstCompared > 0;
  const baseMonth = rows[Math.max(0, firstCompared - 1)];
  return (
    <Card title="Your price index">
      {index.isError ? <FormMessage tone="error">{getErrorMessage(index.error, 'Could not load your price index')}</FormMessage> : null}
      {index.isSuccess && !isCompared ? (
        <p className="muted">
          Buy the same things in two months in a row, with receipts, and how their prices move shows here.
          {rows.length > 0 ? ' Nothing on your receipts repeats from one month to the next yet.' : ''}
        </p>
      ) : null}
      {latest && baseMonth && isCompared ? (
        <p className="analytics-index-lead">
          What you buy again and again: <strong>{describeChange(latest.index)}</strong> since {format.date(baseMonth.month, 'month')}.
          {savings.data ? (
            <>
              {' '}
              Your savings took off <Money cents={savings.data.totals.total_cents} /> this year.
            </>
          ) : null}
        </p>
      ) : null}
      {isCompared ? (
        <DataTable<IndexMonth>
          caption="Price index by month (first month 100)"
          columns={[
            // "Sep 2026" on one line: a long month name beside two figures at 390 px breaks mid-word.
            {
              key: 'month',
              header: 'Month',
              render: (row) => <span className="analytics-index-month">{format.date(row.month, 'month-year')}</span>,
            },
            { key: 'index', header: 'Index', isNumeric: true, render: (row) => format.number(row.index, 1) },
            { key: 'basket', header: 'Products compared', isNumeric: true, render: (row) => row.basketSize },
          ]}
          rows={[...rows].reverse()}
          getRowKey={(row) => row.month}
        />
      ) : null}
    </Card>
  );
}
