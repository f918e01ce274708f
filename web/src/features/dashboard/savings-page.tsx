import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { savingsApi, type TReceiptSaving, type TSavingsLedger, type TTripSaving } from '@cartwise/contracts';
import {
  BackLink,
  Badge,
  ButtonLink,
  Card,
  DataTable,
  EmptyState,
  FormMessage,
  Money,
  PageHeader,
  SkeletonCard,
  Tabs,
} from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import './dashboard.css';

type Period = TSavingsLedger['period'];

const PERIODS = [
  { value: 'month', label: 'This month' },
  { value: 'year', label: 'This year' },
] as const satisfies readonly { value: Period; label: string }[];

function readPeriod(value: string | null): Period {
  return value === 'year' ? 'year' : 'month';
}

function TripTable({ trips }: { trips: TTripSaving[] }) {
  const format = useFormat();
  return (
    <DataTable<TTripSaving>
      caption="Finished split-cart trips"
      rows={trips}
      getRowKey={(trip) => trip.id}
      empty="No trip finished in this period. End trip in shop mode counts what you ticked."
      columns={[
        {
          key: 'list',
          header: 'Trip',
          render: (trip) => (
            <span className="savings-entry">
              {trip.listId ? <Link to={`/u/lists/${trip.listId}`}>{trip.listName}</Link> : trip.listName}
              {trip.receiptCount > 0 ? <Badge tone="info">Paid prices</Badge> : null}
            </span>
          ),
        },
        { key: 'date', header: 'Date', render: (trip) => format.date(trip.usedOn) },
        {
          key: 'spent',
          header: 'Spent',
          isNumeric: true,
          render: (trip) => (
            <span>
              <Money cents={trip.spentCents} /> <span className="muted small">of {format.cents(trip.plannedCents)}</span>
            </span>
          ),
        },
        { key: 'saved', header: 'Saved', isNumeric: true, render: (trip) => <Money cents={trip.savingsCents} /> },
      ]}
    />
  );
}

function ReceiptTable({ receipts }: { receipts: TReceiptSaving[] }) {
  const format = useFormat();
  return (
    <DataTable<TReceiptSaving>
      caption="Receipts with discounts and deal prices"
      rows={receipts}
      getRowKey={(receipt) => receipt.receiptId}
      empty="No receipt in this period shows a discount or a deal price."
      columns={[
        { key: 'store', header: 'Receipt', render: (receipt) => <Link to={`/u/receipts/${receipt.receiptId}`}>{receipt.storeName}</Link> },
        { key: 'date', header: 'Date', render: (receipt) => format.date(receipt.purchasedOn) },
        { key: 'discounts', header: 'Discounts', isNumeric: true, render: (receipt) => <Money cents={receipt.discountCents} /> },
        { key: 'deals', header: 'Deal prices', isNumeric: true, render: (receipt) => <Money cents={receipt.dealCents} /> },
        { key: 'saved', header: 'Saved', isNumeric: true, render: (receipt) => <Money cents={receipt.savingsCents} /> },
      ]}
    />
  );
}

function Ledger({ ledger }: { ledger: TSavingsLedger }) {
  const { totals, trips, receipts } = ledger;
  if (trips.length === 0 && receipts.length === 0) {
    return (
      <EmptyState
        title="Nothing saved yet"
        description="Finish a split-cart trip or add a receipt with discounts, and each saving is listed here."
        action={<ButtonLink to="/u/lists">Go to your lists</ButtonLink>}
      />
    );
  }
  return (
    <>
      <p className="savings-ledger-total" aria-live="polite">
        Saved <strong>{<Money cents={totals.total_cents} />}</strong>: split-cart <Money cents={totals.split_cart_cents} /> from{' '}
        {trips.length} {trips.length === 1 ? 'trip' : 'trips'}, deals <Money cents={totals.deals_cents} /> from {receipts.length}{' '}
        {receipts.length === 1 ? 'receipt' : 'receipts'}.
      </p>
      <Card title="Split-cart trips">
        <p className="muted small">
          What the ticked items would have cost at the plan&apos;s best single store, less what they cost on the plan, trip costs included
          in both; a receipt from the trip replaces planned prices by paid ones.
        </p>
        <TripTable trips={trips} />
      </Card>
      <Card title="Deals and discounts">
        <p className="muted small">Discounts printed on your receipts, and deal prices you paid against the usual price.</p>
        <ReceiptTable receipts={receipts} />
      </Card>
    </>
  );
}

/** /u/savings: every trip and receipt behind the dashboard's "Money saved" figure. */
export default function SavingsPage() {
  const [params, setParams] = useSearchParams();
  const period = readPeriod(params.get('period'));
  const query = useQuery({
    queryKey: ['savings', period],
    queryFn: ({ signal }) => callApi(savingsApi.ledger, { query: { period }, signal }),
  });
  return (
    <div className="page savings-page">
      <BackLink to="/u/dashboard">Back to dashboard</BackLink>
      <PageHeader title="Money saved" description="Every saving behind the dashboard's figure." />
      <Tabs label="Period" tabs={PERIODS} value={period} onChange={(next) => setParams({ period: next }, { replace: true })}>
        {query.isPending ? <SkeletonCard label="Loading your savings..." rows={3} /> : null}
        {query.isError ? <FormMessage tone="error">{getErrorMessage(query.error, 'Could not load your savings')}</FormMessage> : null}
        {query.data ? <Ledger ledger={query.data} /> : null}
      </Tabs>
    </div>
  );
}
