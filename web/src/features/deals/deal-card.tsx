import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TDeal } from '@cartwise/contracts';
import { Badge, Icon, Money } from '../../components';
import { describeStore, formatDealDate } from './deals-api';

export interface DealCardProps {
  deal: TDeal;
  /** Extra line under the deal, e.g. why it is "For you". */
  note?: ReactNode;
  /** Marks a deal in a chain group that also matches what the shopper buys. */
  isForYou?: boolean;
}

/** One deal: product, store, Valid until, struck original price, sale price and the percent-off badge. */
export function DealCard({ deal, note, isForYou = false }: DealCardProps) {
  return (
    <li className="deal-card">
      <DealThumb deal={deal} />
      <div className="deal-card-main">
        <Link to={`/u/deals/${deal.id}`} className="deal-card-title">
          {deal.productName}
        </Link>
        <span className="deal-card-store">{describeStore(deal)}</span>
        <span className="deal-card-date">{deal.endDate ? `Valid until ${formatDealDate(deal.endDate)}` : 'No end date'}</span>
        {note ? <span className="deal-card-note">{note}</span> : null}
      </div>
      <div className="deal-card-prices">
        {isForYou ? <Badge tone="info">For you</Badge> : null}
        {deal.percentOff > 0 ? <Badge tone="success">{`${deal.percentOff}% off`}</Badge> : null}
        <span className="deal-card-price-line">
          {deal.originalPrice !== null ? <Money amount={deal.originalPrice} isStruck /> : null}
          <strong className="deal-card-sale">
            <Money amount={deal.salePrice} />
          </strong>
        </span>
      </div>
    </li>
  );
}

/** The shelf-tag photo when the submitter took one, else a tag mark; decorative (the title says what it is). */
function DealThumb({ deal }: { deal: TDeal }) {
  return (
    <span className="deal-thumb" aria-hidden="true">
      {deal.photoUrl ? <img src={deal.photoUrl} alt="" loading="lazy" width={64} height={64} /> : <Icon name="tag" size={26} />}
    </span>
  );
}
