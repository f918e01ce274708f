import { useState } from 'react';
import { useParams } from 'react-router';
import type { TPriceObservation, TStorePriceSummary } from '@cartwise/contracts';
import { Badge, Button, ButtonLink, Card, DataTable, Money, PageHeader, Spinner } from '../../components';
import { LazyPriceHistoryChart } from '../charts/lazy-charts';
import { useProductHistory } from './products-api';
import { pickBestRecentPrices } from './best-prices';
import { ProductActions } from './product-actions';
import { hasOpenPrices, OpenPricesCredit } from './open-prices-credit';
import '../receipts/receipts.css';
import { formatDate, formatUnitPrice, getActiveFormat } from '../../lib/format';
import { getLocalTodayIso } from '@cartwise/contracts';

/** Stores listed before "Show all": on a phone each is a card of four lines. */
const BEST_STORE_ROWS = 3;

function formatDay(date: string): string {
  return formatDate(date, getActiveFormat());
}

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const history = useProductHistory(id);
  const data = history.data;
  // Weeks of prices at several stores make a long table; in a store the few cheapest recent ones are what matters.
  const [isShowingAllPrices, setIsShowingAllPrices] = useState(false);
  const [isShowingAllStores, setIsShowingAllStores] = useState(false);

  if (history.isPending) return <Spinner />;
  if (!data) {
    return (
      <div className="page">
        <PageHeader
          title="Product"
          actions={
            <ButtonLink to="/u/receipts" variant="secondary">
              Receipts
            </ButtonLink>
          }
        />
        <Card>
          <p>This product could not be found.</p>
        </Card>
      </div>
    );
  }
  const { product, observations, stores, cheapestRecent } = data;
  const bestPrices = pickBestRecentPrices(observations, getLocalTodayIso());
  const details = [product.brand, product.sizeValue ? `${product.sizeValue} ${product.sizeUnit ?? ''}`.trim() : null, product.category]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="page receipts-page">
      <PageHeader title={product.name} description={details || undefined} actions={<ProductActions product={product} />} />
      {cheapestRecent ? (
        <Card title="Cheapest lately" className="cheapest-card">
          <p className="cheapest-line">
            <strong>
              <Money amount={cheapestRecent.unitPrice} />
            </strong>{' '}
            at {cheapestRecent.storeName} on {formatDay(cheapestRecent.date)}
            {cheapestRecent.isDeal ? (
              <>
                {' '}
                <Badge tone="success">Deal</Badge>
              </>
            ) : null}
          </p>
          {cheapestRecent.comparablePrice ? (
            <p className="small muted">
              That is {formatUnitPrice(cheapestRecent.comparablePrice.amount, cheapestRecent.comparablePrice.per, getActiveFormat())}.
            </p>
          ) : null}
        </Card>
      ) : null}
      <Card title="Price history">
        {observations.length === 0 ? (
          <p className="muted">
            No prices recorded yet. Prices appear here when a receipt line links to this product, or enter the shelf price.
          </p>
        ) : null}
        {observations.length > 0 ? <LazyPriceHistoryChart observations={observations} productName={product.name} /> : null}
      </Card>
      {stores.length > 0 ? (
        <Card title="By store">
          <DataTable<TStorePriceSummary>
            caption="By store (cheapest latest price first)"
            columns={[
              { key: 'store', header: 'Store', render: (row) => row.storeName },
              {
                key: 'latest',
                header: 'Latest',
                isNumeric: true,
                render: (row) => <Money amount={row.latestPrice} currency={row.currency ?? undefined} />,
              },
              { key: 'date', header: 'On', render: (row) => formatDay(row.latestDate) },
              {
                key: 'lowest',
                header: 'Lowest',
                isNumeric: true,
                render: (row) => <Money amount={row.lowestPrice} currency={row.currency ?? undefined} />,
              },
              { key: 'count', header: 'Prices', isNumeric: true, render: (row) => row.observationCount },
            ]}
            rows={isShowingAllStores ? stores : stores.slice(0, BEST_STORE_ROWS)}
            getRowKey={(row) => row.storeId}
          />
          {stores.length > BEST_STORE_ROWS ? (
            <Button variant="secondary" className="btn-small" onClick={() => setIsShowingAllStores((value) => !value)}>
              {isShowingAllStores ? 'Show the cheapest stores only' : `Show all ${stores.length} stores`}
            </Button>
          ) : null}
        </Card>
      ) : null}
      {observations.length > 0 ? (
        <Card title={isShowingAllPrices ? 'Every price' : 'Best recent prices'}>
          <DataTable<TPriceObservation>
            caption={isShowingAllPrices ? 'Every price (newest first)' : 'Best recent prices (cheapest first)'}
            columns={[
              { key: 'date', header: 'Date', render: (row) => formatDay(row.date) },
              { key: 'store', header: 'Store', render: (row) => row.storeName },
              {
                key: 'price',
                header: 'Price',
                isNumeric: true,
                render: (row) => <Money amount={row.unitPrice} currency={row.currency ?? undefined} />,
              },
              {
                key: 'unit',
                header: 'Unit price',
                isNumeric: true,
                render: (row) =>
                  row.comparablePrice ? formatUnitPrice(row.comparablePrice.amount, row.comparablePrice.per, getActiveFormat()) : '—',
              },
              { key: 'deal', header: 'Deal', render: (row) => (row.isDeal ? 'Yes' : 'No') },
            ]}
            rows={isShowingAllPrices ? [...observations].reverse() : bestPrices}
            getRowKey={(row) => row.id}
          />
          {observations.length > bestPrices.length ? (
            <Button variant="secondary" className="btn-small" onClick={() => setIsShowingAllPrices((value) => !value)}>
              {isShowingAllPrices ? 'Show the best prices only' : `Show all ${observations.length} prices`}
            </Button>
          ) : null}
          {hasOpenPrices(observations) ? <OpenPricesCredit /> : null}
        </Card>
      ) : null}
    </div>
  );
}
