import { buildRoutePath, exportApi } from '@cartwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink, Card, EmptyState, FormMessage, Money, PageHeader, Spinner, TextField, Button } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { formatReceiptDate, useReceipts, type ReceiptFilter } from './receipts-api';
import './receipts.css';
import { formatDate, getActiveFormat } from '../../lib/format';

function formatMonth(month: string): string {
  return formatDate(month, getActiveFormat(), 'month');
}

export default function ReceiptsPage() {
  const [filter, setFilter] = useState<ReceiptFilter>({ q: '', from: '', to: '', page: 1 });
  const receipts = useReceipts(filter);
  const data = receipts.data;
  const isFiltered = Boolean(filter.q.trim() || filter.from || filter.to);
  // Nothing to search yet: a newcomer sees the empty state and its next step, not a search form.
  const hasNoReceipts = data?.totalCount === 0 && !isFiltered;
  const pageCount = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;
  const update = (patch: Partial<ReceiptFilter>) => setFilter((current) => ({ ...current, page: 1, ...patch }));
  const maxMonth = Math.max(1, ...(data?.monthlySpend.map((month) => month.total) ?? [1]));

  return (
    <div className="page receipts-page">
      <PageHeader
        title="Receipts"
        description="Every shop you have recorded, with what you spent each month."
        actions={
          <>
            <ButtonLink to="/u/receipts/upload">Upload receipt</ButtonLink>
          </>
        }
      />

      {hasNoReceipts ? null : (
        <div className="receipts-filters" role="search">
          <TextField
            label="Search"
            type="search"
            placeholder="Store or item"
            value={filter.q}
            onChange={(e) => update({ q: e.target.value })}
          />
          <TextField label="From" type="date" value={filter.from} onChange={(e) => update({ from: e.target.value })} />
          <TextField label="To" type="date" value={filter.to} onChange={(e) => update({ to: e.target.value })} />
        </div>
      )}

      {receipts.isPending ? <Spinner /> : null}
      {receipts.isError ? <FormMessage tone="error">{getErrorMessage(receipts.error, 'Could not load your receipts')}</FormMessage> : null}

      {data && data.totalCount === 0 ? (
        isFiltered ? (
          <EmptyState title="No receipts match" description="Try another store or item name, or widen the dates." />
        ) : (
          <EmptyState
            title="No receipts yet"
            description="Snap a photo of your next receipt to start tracking prices and spending."
            action={<ButtonLink to="/u/receipts/upload">Upload receipt</ButtonLink>}
          />
        )
      ) : null}

      {data && data.totalCount > 0 ? (
        <div className="receipts-columns">
          <section aria-label="Receipt list" className="stack-sm">
            <p className="small muted" aria-live="polite">
              {data.totalCount} {data.totalCount === 1 ? 'receipt' : 'receipts'}
            </p>
            <ul className="row-list receipts-list">
              {data.receipts.map((receipt) => (
                <li key={receipt.id} className="row-list-item">
                  <Link to={`/u/receipts/${receipt.id}`} className="receipts-list-link">
                    <span className="receipts-list-store">{receipt.storeName || 'Unknown store'}</span>
                    <span className="small muted">
                      {formatReceiptDate(receipt.date)} · {receipt.itemCount} {receipt.itemCount === 1 ? 'item' : 'items'}
                    </span>
                  </Link>
                  <Money amount={receipt.total} />
                </li>
              ))}
            </ul>
            {pageCount > 1 ? (
              <nav className="form-actions" aria-label="Pages">
                <Button
                  variant="secondary"
                  className="btn-small"
                  disabled={filter.page <= 1}
                  onClick={() => setFilter((c) => ({ ...c, page: c.page - 1 }))}
                >
                  Previous
                </Button>
                <span className="small muted receipts-page-count">
                  Page {filter.page} of {pageCount}
                </span>
                <Button
                  variant="secondary"
                  className="btn-small"
                  disabled={filter.page >= pageCount}
                  onClick={() => setFilter((c) => ({ ...c, page: c.page + 1 }))}
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </section>

          <div className="stack">
            <Card title="Monthly spend">
              <table className="data-table monthly-spend">
                <caption className="visually-hidden">Spend per month{isFiltered ? ' for the receipts shown' : ''}</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col" className="num">
                      Spent
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.monthlySpend.map((month) => (
                    <tr key={month.month}>
                      <th scope="row">
                        {formatMonth(month.month)}
                        <span className="monthly-spend-bar" aria-hidden="true" style={{ width: `${(month.total / maxMonth) * 100}%` }} />
                      </th>
                      <td className="num">
                        <Money amount={month.total} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
            <Card title="Export">
              <p className="small muted">Download your receipts for a spreadsheet.</p>
              <div className="form-actions">
                <a className="btn btn-secondary btn-small" href={buildRoutePath(exportApi.receiptsCsv)} download>
                  Receipts CSV
                </a>
                <a className="btn btn-secondary btn-small" href={buildRoutePath(exportApi.receiptItemsCsv)} download>
                  Items CSV
                </a>
              </div>
            </Card>
          </div>
        </div>
      ) : null}
    </div>
  );
}
