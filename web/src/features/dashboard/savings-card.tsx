import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ZCategorySpend } from '@cartwise/contracts';
import { Icon } from '../../components/icon';
import { Money } from '../../components/money';
import { apiGet } from '../../lib/api-client';
import { getLocalToday } from '../receipts/receipts-api';

function useSavedSince(from: string) {
  return useQuery({
    queryKey: ['analytics', 'categories', from],
    queryFn: ({ signal }) => apiGet(`/api/analytics/categories?from=${from}`, ZCategorySpend, signal),
  });
}

/**
 * The dashboard's lead: what receipt discounts and approved deals saved this month and this year (the
 * same figures as Analytics, which splits them).
 */
export function SavingsCard({ today = new Date() }: { today?: Date }) {
  const monthStart = getLocalToday(new Date(today.getFullYear(), today.getMonth(), 1));
  const yearStart = getLocalToday(new Date(today.getFullYear(), 0, 1));
  const month = useSavedSince(monthStart);
  const year = useSavedSince(yearStart);
  const figure = (query: ReturnType<typeof useSavedSince>) =>
    query.data ? <Money amount={query.data.savedOnDeals.total} /> : query.isError ? '—' : '…';
  return (
    <section className="savings-card" aria-labelledby="savings-title">
      <span className="savings-icon" aria-hidden="true">
        <Icon name="piggy" size={30} />
      </span>
      <div className="savings-body">
        <h2 id="savings-title" className="savings-title">
          Money saved
        </h2>
        <dl className="savings-figures">
          <div>
            <dt>This month</dt>
            <dd>{figure(month)}</dd>
          </div>
          <div>
            <dt>This year</dt>
            <dd>{figure(year)}</dd>
          </div>
        </dl>
        <p className="savings-note">
          From receipt discounts and deals you bought. <Link to="/u/analytics">See how</Link>
        </p>
      </div>
    </section>
  );
}
