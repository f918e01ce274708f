import { Link } from 'react-router';
import type { TSavingsPeriod } from '@cartwise/contracts';
import { Icon } from '../../components/icon';
import { Money } from '../../components/money';

function SavedFigure({ label, period }: { label: string; period: TSavingsPeriod }) {
  return (
    <div className="savings-period">
      <dt>{label}</dt>
      <dd>
        <span className="savings-amount">
          <Money cents={period.total_cents} />
        </span>
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
 * deal prices) and from split-cart plans they used, against their usual store.
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
          <SavedFigure label="This month" period={savings.month} />
          <SavedFigure label="This year" period={savings.year} />
        </dl>
        <p className="savings-note">
          Deals: receipt discounts and deal prices. Split-cart: plans you started, against your usual store.{' '}
          <Link to="/u/analytics">See your spending</Link>
        </p>
      </div>
    </section>
  );
}
