import { Card, SkeletonCard } from '../../components';
import { toDisplayName } from '../receipts/receipt-line';
import { DealCard } from './deal-card';
import { useDealsForYou } from './deals-api';

const SOURCE_TEXT = { receipt: 'You bought', list: 'On your list:', pantry: 'In your pantry:' } as const;

export interface ForYouDealsProps {
  /** How many to show (the dashboard shows a few, the deals page all). */
  limit?: number;
  title?: string;
  /** Only these deals (the ones a search or filter lets through); all when absent. */
  onlyIds?: ReadonlySet<string>;
}

/** Active deals on what the shopper buys, lists or keeps; renders nothing when there are none. */
export function ForYouDeals({ limit = 50, title = 'For you', onlyIds }: ForYouDealsProps) {
  const forYou = useDealsForYou();
  const items = (forYou.data?.items ?? []).filter((item) => !onlyIds || onlyIds.has(item.deal.id)).slice(0, limit);
  // Deals listed below wait for this card too, so nothing above them appears late and pushes them down.
  if (forYou.isPending) return <SkeletonCard label={`Loading ${title.toLowerCase()}...`} rows={2} className="deals-for-you" />;
  if (items.length === 0) return null;
  return (
    <Card title={title} className="deals-for-you" aria-label={title}>
      <ul className="list-panel deal-list">
        {items.map((item) => (
          <DealCard key={item.deal.id} deal={item.deal} note={`${SOURCE_TEXT[item.source]} ${toDisplayName(item.matchedName)}`} />
        ))}
      </ul>
    </Card>
  );
}
