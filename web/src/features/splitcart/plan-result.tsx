import type { TRecommendationPlan } from '@cartwise/contracts';
import { Card, Money } from '../../components';
import { formatMoneyCents, getActiveFormat } from '../../lib/format';
import { LinkItemButton } from '../lists/link-item-button';
import { describeAge } from './describe-age';
import { PlanStopCard } from './plan-stop-card';

function SavingsLine({ label, cents, currency }: { label: string; cents: number | null; currency?: string }) {
  if (cents === null) return null;
  return (
    <p className="plan-saving">
      {cents > 0 ? (
        <>
          You save{' '}
          <strong>
            <Money cents={cents} currency={currency} />
          </strong>{' '}
          {label}
        </>
      ) : (
        <>No saving {label}</>
      )}
    </p>
  );
}

/** The plan: a summary, then one card per store to visit with its items, then what has no known price. */
export function PlanResult({ plan }: { plan: TRecommendationPlan }) {
  const storeCount = plan.stops.length;
  const promotionSavingsCents = plan.stops.reduce((sum, stop) => sum + stop.promotionSavingsCents, 0);
  return (
    <div className="stack">
      <Card title="Best plan" className="plan-summary">
        {plan.isFeasible ? (
          <>
            <p className="plan-total">
              <span>Total</span>{' '}
              <strong>
                <Money cents={plan.totalCents} currency={plan.currency} />
              </strong>
            </p>
            <p className="muted">
              {storeCount === 0 ? 'No store visit needed' : `${storeCount} ${storeCount === 1 ? 'store' : 'stores'}`}: items{' '}
              <Money cents={plan.itemsCents} currency={plan.currency} /> + trips{' '}
              <Money cents={plan.tripCostsCents} currency={plan.currency} />
            </p>
            <SavingsLine
              label={
                plan.bestSingleStore
                  ? `against the best single store (${plan.bestSingleStore.store.name}, ${formatCents(plan.bestSingleStore.totalCents, plan.currency)})`
                  : ''
              }
              cents={plan.savingsVsBestSingleCents}
              currency={plan.currency}
            />
            <SavingsLine
              label={
                plan.usualStore
                  ? `against your usual store (${plan.usualStore.store.name}, ${formatCents(plan.usualStore.totalCents, plan.currency)})`
                  : ''
              }
              cents={plan.savingsVsUsualCents}
              currency={plan.currency}
            />
            {promotionSavingsCents > 0 ? (
              <p className="plan-saving">
                Promotions take <Money cents={promotionSavingsCents} currency={plan.currency} /> off shelf prices
              </p>
            ) : null}
            {plan.oldestPriceDays !== null ? <p className="muted">Oldest price used: {describeAge(plan.oldestPriceDays)}.</p> : null}
            {plan.isProven ? null : (
              <p className="muted" role="note">
                This list is large: this is the cheapest plan found in the time allowed, not one proven cheapest. No plan costs less than{' '}
                <Money cents={plan.totalCents - plan.proofGapCents} currency={plan.currency} />.
              </p>
            )}
          </>
        ) : (
          <p>No plan fits: pick more stores or allow more stores per trip.</p>
        )}
      </Card>
      {plan.stops.map((stop, index) => (
        <PlanStopCard key={stop.store.id} stop={stop} position={index + 1} currency={plan.currency} />
      ))}
      {plan.unpriced.length > 0 ? (
        <Card title="No known price" tone="warning">
          <ul className="row-list">
            {plan.unpriced.map((item) => (
              <li key={item.itemId} className="row-list-item">
                <div>
                  <span>{item.name}</span>
                  <div className="muted small">{item.reason === 'no-product' ? 'not linked to a product' : 'no price at these stores'}</div>
                </div>
                <LinkItemButton listId={plan.listId} itemId={item.itemId} itemName={item.name} className="link-item-button" />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

function formatCents(cents: number, currency: string | undefined): string {
  const settings = getActiveFormat();
  return formatMoneyCents(cents, currency ? { ...settings, currency } : settings);
}
