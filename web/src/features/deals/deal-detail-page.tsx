import { BackLink } from '../../components/back-link';
import { useParams } from 'react-router';
import { Badge, Card, EmptyState, Money, PageHeader, Spinner } from '../../components';
import { describeStore, formatDealDate, useDeal } from './deals-api';
import './deals.css';
import { getLocalTodayIso } from '@cartwise/contracts';

const STATUS_TEXT = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' } as const;

/** /u/deals/:id, the target of deal alerts. */
export default function DealDetailPage() {
  const { id = '' } = useParams();
  const query = useDeal(id);
  const deal = query.data;
  const today = getLocalTodayIso();
  const hasEnded = Boolean(deal?.endDate && deal.endDate < today);

  return (
    <div className="page deal-detail">
      <BackLink to="/u/deals">Back to Deals</BackLink>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <EmptyState title="Deal not found" description="It may have been removed, or the link is wrong." /> : null}
      {deal ? (
        <>
          <PageHeader title={deal.productName} description={describeStore(deal)} />
          <Card>
            <div className="deal-detail-prices">
              <span className="deal-detail-sale">
                <Money amount={deal.salePrice} />
              </span>
              {deal.originalPrice !== null ? <Money amount={deal.originalPrice} isStruck /> : null}
              {deal.percentOff > 0 ? <Badge tone="success">{`${deal.percentOff}% off`}</Badge> : null}
            </div>
            <dl className="deal-detail-facts">
              <dt>Valid until</dt>
              <dd>{deal.endDate ? formatDealDate(deal.endDate) : 'No end date'}</dd>
              {deal.startDate ? (
                <>
                  <dt>Starts</dt>
                  <dd>{formatDealDate(deal.startDate)}</dd>
                </>
              ) : null}
              <dt>Store chain</dt>
              <dd>{deal.store?.chainName ?? 'Unknown'}</dd>
              {deal.category ? (
                <>
                  <dt>Category</dt>
                  <dd>{deal.category}</dd>
                </>
              ) : null}
              {deal.status !== 'approved' || deal.isMine ? (
                <>
                  <dt>Status</dt>
                  <dd>{STATUS_TEXT[deal.status]}</dd>
                </>
              ) : null}
              {deal.rejectionReason ? (
                <>
                  <dt>Reason</dt>
                  <dd>{deal.rejectionReason}</dd>
                </>
              ) : null}
            </dl>
            {hasEnded ? <p className="deal-detail-ended">This deal has ended.</p> : null}
            {deal.description ? <p className="deal-detail-description">{deal.description}</p> : null}
            {deal.photoUrl ? <img className="deal-detail-photo" src={deal.photoUrl} alt={`Shelf tag for ${deal.productName}`} /> : null}
          </Card>
        </>
      ) : null}
    </div>
  );
}
