import { Link, useParams } from 'react-router';
import type { THouseholdSpend } from '@cartwise/contracts';
import { BackLink, Card, DataTable, EmptyState, FormMessage, Money, Spinner } from '../../components';
import { getErrorMessage, isApiError } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';
import { useHouseholdSpend, useHouseholds } from './households-api';
import './households.css';

type MemberSpend = THouseholdSpend['byMember'][number];
type MonthSpend = THouseholdSpend['byMonth'][number];

/** "November 2026" in the shopper's locale, like the other spend pages. */
function formatMonth(month: string): string {
  return formatDate(month, getActiveFormat(), 'month');
}

function describeCount(count: number): string {
  return `${count} ${count === 1 ? 'receipt' : 'receipts'}`;
}

/** Settings > Household > Shared spending: the receipts members chose to share, summed per member and per month. */
export default function HouseholdSpendPage() {
  const { id = '' } = useParams();
  const households = useHouseholds();
  const spend = useHouseholdSpend(id);
  const household = households.data?.items.find((item) => item.id === id);
  const backLink = <BackLink to="/u/settings/household">Back to household</BackLink>;

  if (spend.isPending) return <Spinner label="Loading shared spending" />;
  if (spend.isError) {
    const isMissing = isApiError(spend.error) && (spend.error.status === 404 || spend.error.status === 400);
    return (
      <div className="household-settings">
        {backLink}
        {isMissing ? (
          <EmptyState title="Household not found" description="You may have left it, or been removed." />
        ) : (
          <FormMessage tone="error">{getErrorMessage(spend.error, 'Could not load shared spending')}</FormMessage>
        )}
      </div>
    );
  }

  const data = spend.data;
  // Members who shared nothing still show, at zero: the page answers "who shares what", not only "who spent".
  const memberRows: MemberSpend[] = [
    ...data.byMember,
    ...(household?.members ?? [])
      .filter((member) => !data.byMember.some((entry) => entry.userId === member.userId))
      .map((member) => ({ userId: member.userId, name: member.name, total: 0, receiptCount: 0 })),
  ].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  const monthRows = [...data.byMonth].sort((a, b) => b.month.localeCompare(a.month));

  return (
    <div className="household-settings">
      {backLink}
      <Card title={household ? `Shared spending: ${household.name}` : 'Shared spending'}>
        <p className="household-spend-total">
          <Money amount={data.total} /> <span className="muted">from {describeCount(data.receiptCount)}</span>
        </p>
        <p className="muted small">
          Receipts stay personal until their shopper shares them from the receipt&apos;s page; only shared ones count here.{' '}
          <Link to="/u/receipts">Your receipts</Link>
        </p>
      </Card>
      {data.receiptCount === 0 ? (
        <EmptyState title="Nothing shared yet" description="Open a receipt and choose Share with your household to add it here." />
      ) : null}
      <Card title="By member">
        <DataTable<MemberSpend>
          caption="By member"
          rows={memberRows}
          getRowKey={(row) => row.userId}
          columns={[
            { key: 'name', header: 'Member', render: (row) => row.name },
            { key: 'count', header: 'Receipts', isNumeric: true, render: (row) => row.receiptCount },
            { key: 'total', header: 'Total', isNumeric: true, render: (row) => <Money amount={row.total} /> },
          ]}
        />
      </Card>
      <Card title="By month">
        <DataTable<MonthSpend>
          caption="By month"
          rows={monthRows}
          getRowKey={(row) => row.month}
          empty="No shared receipts yet"
          columns={[
            { key: 'month', header: 'Month', render: (row) => formatMonth(row.month) },
            { key: 'count', header: 'Receipts', isNumeric: true, render: (row) => row.receiptCount },
            { key: 'total', header: 'Total', isNumeric: true, render: (row) => <Money amount={row.total} /> },
          ]}
        />
      </Card>
    </div>
  );
}
