import { Link } from 'react-router';
import type { TPlanLine, TPlanStop } from '@cartwise/contracts';
import { Badge, Card, Money } from '../../components';
import { describeAge } from './describe-age';
import { PromotionSuggestions } from './promotion-suggestions';

function PlanLineRow({ line, currency }: { line: TPlanLine; currency?: string }) {
  return (
    <li className="row-list-item">
      <div>
        <Link to={`/u/products/${line.productId}`}>{line.name}</Link>
        {line.productName.toLowerCase() !== line.name.toLowerCase() ? <span className="muted small"> as {line.productName}</span> : null}
        <div className="muted small">
          {line.unit ? `${line.quantity} ${line.unit}` : `× ${line.quantity}`} ·{' '}
          <Money cents={line.packagePriceCents} currency={currency} />
          {line.packageLabel ? ` for ${line.packageLabel}` : ''} · {describeAge(line.ageDays)}
        </div>
        {line.packs ? (
          <div className="muted small">
            buy {line.packs} × {line.packageLabel ?? 'pack'}
            {line.comparedUnitPrice ? (
              <>
                {' '}
                · <Money cents={line.comparedUnitPrice.cents} currency={currency} /> / {line.comparedUnitPrice.per}
              </>
            ) : null}
          </div>
        ) : null}
        {line.promotion ? (
          <div className="plan-promotion small">
            <Badge tone="success">Promotion</Badge> <span>{line.promotion.description}</span>
            {line.promotionSavedCents > 0 ? (
              <span>
                (saves <Money cents={line.promotionSavedCents} currency={currency} />)
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="plan-line-price">
        {line.isDeal ? <Badge tone="success">Deal</Badge> : null}
        {line.isStale ? <Badge tone="warning">Old price</Badge> : null}
        {line.promotionSavedCents > 0 ? <Money cents={line.lineCents + line.promotionSavedCents} currency={currency} isStruck /> : null}
        <Money cents={line.lineCents} currency={currency} />
      </div>
    </li>
  );
}

/** One store to visit: its lines with their promotions, what the promotions saved, and units that would save more. */
export function PlanStopCard({ stop, position, currency }: { stop: TPlanStop; position: number; currency?: string }) {
  return (
    <Card
      title={`${position}. ${stop.store.name}`}
      actions={<Money cents={stop.itemsCents} currency={currency} />}
      aria-label={`Buy at ${stop.store.name}`}
    >
      <p className="muted">{[stop.store.chainName, stop.store.address].filter(Boolean).join(' · ')}</p>
      <ul className="row-list">
        {stop.lines.map((line) => (
          <PlanLineRow key={line.itemId} line={line} currency={currency} />
        ))}
      </ul>
      {stop.promotionSavingsCents > 0 ? (
        <p className="plan-saving small">
          Promotions saved <Money cents={stop.promotionSavingsCents} currency={currency} /> here
        </p>
      ) : null}
      <PromotionSuggestions suggestions={stop.suggestions} storeName={stop.store.name} currency={currency} />
      <p className="muted small">
        {stop.store.isOnline ? 'Delivery' : 'Trip cost'}: <Money cents={stop.tripCostCents} currency={currency} />
        {typeof stop.store.distanceKm === 'number' ? ` · ${stop.store.distanceKm} km from home` : ''}
      </p>
    </Card>
  );
}
