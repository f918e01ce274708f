import { Link } from 'react-router';
import type { TSavingsPeriod } from '@cartwise/contracts';
import { Icon } from '../../components/icon';
import { Money } from '../../components/money';
import { useFormat } from '../../lib/use-format';

function SavedFigure({ label, period, to }: { label: string; period: TSavingsPeriod; to: string }) {
  const format = useFormat();
  return (
    <div className="savings-period">
      <dt>{label}</dt>
      <dd>
        <Link className="savings-amount" to={to} aria-label={`${label}: ${format.cents(period.total_cents)} saved, see every saving`}>
          <Money cents={period.total_cents} />
        </Link>
        <span className="savings-split">
          <span>
            Deals <Money cents={period.deals_cents} />
          </span>
          <span>
            Split-cart <Money cents={period.split_cart_cents} />
          </span>
        </span>
      </dd>
    </div>
  );
}

/**
 * The dashboard's lead: what the shopper saved this month and this year, from deals (receipt discounts and
 * deal prices) and from split-cart trips they finished; each figure opens the savings behind it (/u/savings).
 */
export function SavingsCard({ savings }: { savings: { month: TSavingsPeriod; year: TSavingsPeriod } }) {
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
          <SavedFigure label="This month" period={savings.month} to="/u/savings?period=month" />
          <SavedFigure label="This year" period={savings.year} to="/u/savings?period=year" />
        </dl>
        <p className="savings-note">
          Deals: receipt discounts and deal prices. Split-cart: trips you finished, against the plan&apos;s best single store.{' '}
          <Link to="/u/savings">See every saving</Link> · <Link to="/u/analytics">See your spending</Link>
        </p>
      </div>
    </section>
  );
}
