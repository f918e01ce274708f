import { useQuery } from '@tanstack/react-query';
import { receiptsApi, type TCategorySpend, addMonthsIso, getLocalTodayIso, getMonthStartIso } from '@cartwise/contracts';
import { Card, DataTable, FormMessage, Money, Spinner } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { LazyCategorySpendChart } from '../charts/lazy-charts';
import './receipts.css';

type CategoryRow = TCategorySpend['categories'][number];

/** First day of the month `months - 1` months ago, so "12 months" includes the current one. */
function getWindowStart(months: number, today = new Date()): string {
  return addMonthsIso(getMonthStartIso(getLocalTodayIso(today)), -(months - 1));
}

/** Analytics section: spend by category and what discounts and deals saved, over the last `months` months. */
export function CategorySpend({ months = 12 }: { months?: number }) {
  const from = getWindowStart(months);
  const query = useQuery({
    queryKey: ['analytics', 'categories', from],
    queryFn: ({ signal }) => callApi(receiptsApi.categorySpend, { query: { from }, signal }),
  });
  const data = query.data;

  return (
    <div className="category-spend">
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <FormMessage tone="error">{getErrorMessage(query.error, 'Could not load spend by category')}</FormMessage> : null}
      {data ? (
        <div className="category-spend-columns">
          <Card title="Spend by category">
            {data.categories.length === 0 ? <p className="muted">No receipt items in this period.</p> : null}
            {data.categories.length > 0 ? (
              <>
                <LazyCategorySpendChart
                  caption="Bar chart of spend per category; the table below has the same figures."
                  categories={data.categories}
                />
                <DataTable<CategoryRow>
                  caption="Spend by category"
                  columns={[
                    { key: 'category', header: 'Category', render: (row) => row.category },
                    { key: 'share', header: 'Share', isNumeric: true, render: (row) => `${Math.round(row.share * 100)}%` },
                    { key: 'total', header: 'Spent', isNumeric: true, render: (row) => <Money amount={row.total} /> },
                  ]}
                  rows={data.categories}
                  getRowKey={(row) => row.category}
                />
              </>
            ) : null}
          </Card>
          <Card title="Saved on deals">
            <p className="saved-total">
              <Money amount={data.savedOnDeals.total} />
            </p>
            <dl className="saved-breakdown">
              <div>
                <dt>Discounts on receipts</dt>
                <dd>
                  <Money amount={data.savedOnDeals.discounts} />
                </dd>
              </div>
              <div>
                <dt>Deal prices (vs. regular price)</dt>
                <dd>
                  <Money amount={data.savedOnDeals.dealSavings} />
                </dd>
              </div>
            </dl>
          </Card>
        </div>
      ) : null}
    </div>
  );
}
