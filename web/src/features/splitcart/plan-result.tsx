import { Link } from 'react-router';
import type { TRecommendationPlan } from '@cartwise/contracts';
import { Badge, Card, Money } from '../../components';
import { formatMoneyCents, getActiveFormat } from '../../lib/format';
import { LinkItemButton } from '../lists/link-item-button';

function describeAge(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return '1 day old';
  return `${days} days old`;
}

function SavingsLine({ label, cents }: { label: string; cents: number | null }) {
  if (cents === null) return null;
  return (
    <p className="plan-saving">
      {cents > 0 ? (
        <>
          You save{' '}
          <strong>
            <Money cents={cents} />
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
  return (
    <div className="stack">
      <Card title="Best plan" className="plan-summary">
        {plan.isFeasible ? (
          <>
            <p className="plan-total">
              <span>Total</span>{' '}
              <strong>
                <Money cents={plan.totalCents} />
              </strong>
            </p>
            <p className="muted">
              {storeCount === 0 ? 'No store visit needed' : `${storeCount} ${storeCount === 1 ? 'store' : 'stores'}`}: items{' '}
              <Money cents={plan.itemsCents} /> + trips <Money cents={plan.tripCostsCents} />
            </p>
            <SavingsLine
              label={
                plan.bestSingleStore
                  ? `against the best single store (${plan.bestSingleStore.store.name}, ${formatCents(plan.bestSingleStore.totalCents)})`
                  : ''
              }
              cents={plan.savingsVsBestSingleCents}
            />
            <SavingsLine
              label={
                plan.usualStore
                  ? `against your usual store (${plan.usualStore.store.name}, ${formatCents(plan.usualStore.totalCents)})`
                  : ''
              }
              cents={plan.savingsVsUsualCents}
            />
            {plan.oldestPriceDays !== null ? <p className="muted">Oldest price used: {describeAge(plan.oldestPriceDays)}.</p> : null}
            {plan.isProven ? null : (
              <p className="muted" role="note">
                This list is large: this is the cheapest plan found in the time allowed, not one proven cheapest. No plan costs less than{' '}
                <Money cents={plan.totalCents - plan.proofGapCents} />.
              </p>
            )}
          </>
        ) : (
          <p>No plan fits: pick more stores or allow more stores per trip.</p>
        )}
      </Card>
      {plan.stops.map((stop, index) => (
        <Card
          key={stop.store.id}
          title={`${index + 1}. ${stop.store.name}`}
          actions={<Money cents={stop.itemsCents} />}
          aria-label={`Buy at ${stop.store.name}`}
        >
          <p className="muted">{[stop.store.chainName, stop.store.address].filter(Boolean).join(' · ')}</p>
          <ul className="row-list">
            {stop.lines.map((line) => (
              <li key={line.itemId} className="row-list-item">
                <div>
                  <Link to={`/u/products/${line.productId}`}>{line.name}</Link>
                  {line.productName.toLowerCase() !== line.name.toLowerCase() ? (
                    <span className="muted small"> as {line.productName}</span>
                  ) : null}
                  <div className="muted small">
                    {line.unit ? `${line.quantity} ${line.unit}` : `× ${line.quantity}`} · <Money cents={line.packagePriceCents} />
                    {line.packageLabel ? ` for ${line.packageLabel}` : ''} · {describeAge(line.ageDays)}
                  </div>
                </div>
                <div className="plan-line-price">
                  {line.isDeal ? <Badge tone="success">Deal</Badge> : null}
                  {line.isStale ? <Badge tone="warning">Old price</Badge> : null}
                  <Money cents={line.lineCents} />
                </div>
              </li>
            ))}
          </ul>
          <p className="muted small">
            {stop.store.isOnline ? 'Delivery' : 'Trip cost'}: <Money cents={stop.tripCostCents} />
            {typeof stop.store.distanceKm === 'number' ? ` · ${stop.store.distanceKm} km from home` : ''}
          </p>
        </Card>
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

function formatCents(cents: number): string {
  return formatMoneyCents(cents, getActiveFormat());
}
