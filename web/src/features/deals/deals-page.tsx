import { useDeferredValue, useState } from 'react';
import type { TDeal } from '@cartwise/contracts';
import { Badge, Button, Card, Checkbox, EmptyState, Money, PageHeader, SelectField, Spinner } from '../../components';
import { useAppConfig } from '../../lib/app-config';
import { DealCard } from './deal-card';
import { formatDealCount, groupDealsByChain, useDeals, useDealsForYou } from './deals-api';
import { ForYouDeals } from './for-you-deals';
import { SubmitDealDialog } from './submit-deal-dialog';
import './deals.css';

function MySubmissions({ deals }: { deals: TDeal[] }) {
  if (deals.length === 0) return null;
  return (
    <Card title="My submissions" aria-label="My submissions">
      <ul className="deal-submissions">
        {deals.map((deal) => (
          <li key={deal.id} className="deal-submission">
            <div className="deal-submission-text">
              <strong>{deal.productName}</strong>
              <span className="muted">
                {deal.store?.name ?? 'Unknown store'} · <Money amount={deal.salePrice} />
              </span>
              {deal.status === 'rejected' && deal.rejectionReason ? (
                <span className="deal-submission-reason">Reason: {deal.rejectionReason}</span>
              ) : null}
            </div>
            {deal.status === 'pending' ? <Badge tone="info">Pending review</Badge> : <Badge tone="danger">Rejected</Badge>}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function DealsPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [isMyStores, setIsMyStores] = useState(false);
  const [isEndingSoon, setIsEndingSoon] = useState(false);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const q = useDeferredValue(search.trim());
  const deals = useDeals({
    q: q || undefined,
    category: category || undefined,
    isMyStores: isMyStores ? 'true' : undefined,
    isEndingSoon: isEndingSoon ? 'true' : undefined,
  });
  // Spec: load errors are swallowed silently, so a failed load simply shows no deals.
  const items = deals.isError ? [] : (deals.data?.items ?? []);
  const isFiltering = Boolean(q || category || isMyStores || isEndingSoon);
  // "For you" is a highlight: its deals are also listed in their chain's group, marked with a badge there.
  const forYou = useDealsForYou();
  const forYouIds = new Set((forYou.data?.items ?? []).map((item) => item.deal.id));
  // While searching or filtering, "For you" keeps only the deals the filters let through.
  const shownForYou = isFiltering ? new Set(items.map((deal) => deal.id)) : undefined;
  const isListPending = deals.isPending;
  const groups = groupDealsByChain(items);
  const categories = deals.data?.categories ?? [];
  // Listed deals stay while submissions are off; only the invitation to submit one goes.
  const isSubmittingOff = useAppConfig().data?.features.dealSubmissions === false;

  return (
    <div className="page deals-page">
      <PageHeader
        title="Deals"
        description="Sales spotted by shoppers, checked by moderators."
        actions={<Button onClick={() => setIsDialogOpen(true)}>Submit Deal</Button>}
      />
      <div className="deals-toolbar" role="search">
        <input
          type="search"
          className="field-input deals-search"
          placeholder="Search deals by product or store..."
          aria-label="Search deals"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="deals-filters">
          <Checkbox label="My stores" checked={isMyStores} onChange={(e) => setIsMyStores(e.target.checked)} />
          <Checkbox label="Ending soon" checked={isEndingSoon} onChange={(e) => setIsEndingSoon(e.target.checked)} />
          {categories.length > 0 || category ? (
            <SelectField
              label="Category"
              className="deals-category"
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              options={[{ value: '', label: 'All categories' }, ...categories.map((c) => ({ value: c, label: c }))]}
            />
          ) : null}
        </div>
      </div>
      <ForYouDeals onlyIds={shownForYou} />
      <MySubmissions deals={deals.data?.mySubmissions ?? []} />
      {isListPending ? <Spinner /> : null}
      {!isListPending && items.length === 0 ? (
        <EmptyState
          title="No deals found"
          description={
            isFiltering ? 'Try a different search term' : isSubmittingOff ? 'Check back soon.' : 'Be the first to submit a deal!'
          }
          action={isFiltering || isSubmittingOff ? null : <Button onClick={() => setIsDialogOpen(true)}>Submit Deal</Button>}
        />
      ) : null}
      {!isListPending && items.length > 0 ? <p className="deals-count">{formatDealCount(items.length)}</p> : null}
      {(isListPending ? [] : groups).map((group) => (
        <section key={group.chain} className="deal-group" aria-label={group.chain}>
          <header className="deal-group-header">
            <h2 className="section-title">{group.chain}</h2>
            <span className="muted">{formatDealCount(group.deals.length)}</span>
          </header>
          <ul className="list-panel deal-list">
            {group.deals.map((deal) => (
              <DealCard key={deal.id} deal={deal} isForYou={forYouIds.has(deal.id)} />
            ))}
          </ul>
        </section>
      ))}
      <SubmitDealDialog isOpen={isDialogOpen} onClose={() => setIsDialogOpen(false)} />
    </div>
  );
}
