import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { splitCartApi, type TFinishedTrip } from '@cartwise/contracts';
import { buildShopTrip, sumTicked, type ShopLine } from '@cartwise/contracts/domain/shop-trip';
import { BackLink, Badge, Button, EmptyState, Money, PageHeader, SkeletonCard, Spinner, toast } from '../../components';
import { callApi, getErrorMessage, isApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { LinkItemButton } from '../lists/link-item-button';
import { PromotionSuggestions } from '../splitcart/promotion-suggestions';
import { useListDetail, useListItemMutations } from '../lists/lists-api';
import { useOptimisticTicks } from '../lists/use-optimistic-ticks';
import type { TripEndState } from '../lists/trip-finished-card';
import { endTrip, readTrip } from './shop-trip-store';
import { SyncStatus } from '../offline/connection-banner';
import { ShopAddItem } from './shop-add-item';
import { useShopTrip } from './use-shop-trip';
import { useWakeLock } from './use-wake-lock';
import './shop.css';

function describeQuantity(line: Pick<ShopLine, 'quantity' | 'unit'>): string | null {
  if (line.quantity === 1 && !line.unit) return null;
  return line.unit ? `${line.quantity} ${line.unit}` : `×${line.quantity}`;
}

interface TickProps {
  name: string;
  isTicked: boolean;
  onToggle: () => void;
  children?: ReactNode;
}

/** The whole row is the tick target (at least 56 px tall), so a thumb finds it without looking. */
function TickRow({ name, isTicked, onToggle, children }: TickProps) {
  return (
    <label className="shop-tick">
      <input type="checkbox" checked={isTicked} onChange={onToggle} aria-label={name} />
      <span className="shop-tick-text">
        <span className="shop-tick-name">{name}</span>
        {children}
      </span>
    </label>
  );
}

/** /u/lists/:id/shop: the trip store by store, ticking items into the basket against the plan's total. */
export default function ShopPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useFormat();
  const shop = useShopTrip(id);
  const list = useListDetail(id);
  const { toggleItem } = useListItemMutations(id);
  useWakeLock();
  const { items: tickedItems, toggle } = useOptimisticTicks(list.data?.items, toggleItem);
  const items = useMemo(() => new Map(tickedItems.map((item) => [item.id, item])), [tickedItems]);
  const trip = useMemo(() => (shop.trip ? buildShopTrip(shop.trip.plan, shop.trip.moves) : null), [shop.trip]);

  /** Ends the trip; with the server's record of its plan, finishing it counts what the ticked items saved. */
  async function finish() {
    const planId = readTrip(id)?.planId;
    let finishedTrip: TFinishedTrip | null = null;
    if (planId) {
      try {
        finishedTrip = await callApi(splitCartApi.finishPlan, { params: { planId } });
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        void queryClient.invalidateQueries({ queryKey: ['savings'] });
      } catch (error) {
        // Finished already (another device) is no failure; anything else is said, and the trip still ends here.
        if (!(isApiError(error) && error.status === 409)) toast.error('The saving was not counted', getErrorMessage(error));
      }
    }
    endTrip(id);
    // The list page shows the end of the trip: spent against planned, clear the ticked items, add the receipt.
    await navigate(`/u/lists/${id}`, { state: { finishedTrip } satisfies TripEndState });
  }

  const backLink = <BackLink to={`/u/lists/${id}`}>Back to list</BackLink>;
  if (shop.isPending) return <Spinner />;
  if (!trip || !shop.trip) {
    return (
      <div className="page">
        {backLink}
        <EmptyState
          title="Could not plan this list"
          description={getErrorMessage(shop.error)}
          action={<Link to={`/u/lists/${id}`}>Back to your list</Link>}
        />
      </div>
    );
  }

  const plan = shop.trip.plan;
  // Once the list has loaded, an item removed from it meanwhile drops out of the trip too.
  const isOnList = (itemId: string) => !list.data || items.has(itemId);
  const isTicked = (itemId: string) => items.get(itemId)?.is_checked ?? false;
  const plannedIds = new Set(plan.stops.flatMap((stop) => stop.lines.map((line) => line.itemId)));
  const others = [...items.values()].filter((item) => !plannedIds.has(item.id));
  const storeName = (storeId: string) => plan.stops.find((stop) => stop.store.id === storeId)?.store.name ?? '';
  const tickedCents = sumTicked(trip, isTicked);
  const lineCount = trip.stops.reduce((sum, stop) => sum + stop.lines.filter((line) => isOnList(line.itemId)).length, 0);
  const tickedCount = trip.stops.reduce((sum, stop) => sum + stop.lines.filter((line) => isTicked(line.itemId)).length, 0);

  function renderTick(line: ShopLine, storeId: string) {
    const item = items.get(line.itemId);
    const quantity = describeQuantity(line);
    return (
      <TickRow name={line.name} isTicked={item?.is_checked ?? false} onToggle={() => item && toggle(item, storeId)}>
        <span className="shop-tick-meta">
          {quantity ? <span className="shop-item-qty">{quantity}</span> : null}
          {line.packs ? (
            <span className="shop-item-qty">
              take {line.packs.count} × {line.packs.label ?? 'pack'}
            </span>
          ) : null}
          {line.productName.toLowerCase() !== line.name.toLowerCase() ? <span className="muted small">{line.productName}</span> : null}
          {line.isMoved ? <Badge tone="info">Moved from {storeName(line.plannedStoreId)}</Badge> : null}
          {line.isDeal ? <Badge tone="success">Deal</Badge> : null}
          {line.promotion ? (
            <span className="shop-promotion">
              <Badge tone="success">Promotion</Badge> {line.promotion.description}
            </span>
          ) : null}
        </span>
      </TickRow>
    );
  }

  return (
    <div className="page shop-mode">
      {backLink}
      <PageHeader
        title={`Shopping: ${plan.listName}`}
        description={`${trip.stops.length} ${trip.stops.length === 1 ? 'store' : 'stores'}, planned on ${format.date(plan.date)}`}
        actions={
          <Button variant="secondary" className="btn-small" onClick={() => void finish()}>
            End trip
          </Button>
        }
      />
      <section className="shop-summary" aria-label="Trip total" aria-live="polite">
        <p className="shop-summary-total">
          In the basket <Money cents={tickedCents} currency={plan.currency} /> <span className="muted">of</span>{' '}
          <Money cents={trip.plannedCents} currency={plan.currency} /> <span className="muted">planned</span>
        </p>
        <p className="muted small">
          {tickedCount} of {lineCount} {lineCount === 1 ? 'item' : 'items'} ticked
          {trip.expectedCents !== trip.plannedCents ? (
            <>
              {' '}
              · now expected <Money cents={trip.expectedCents} currency={plan.currency} />
            </>
          ) : null}
        </p>
        <SyncStatus className="small" />
      </section>

      {trip.stops.length === 0 ? (
        <EmptyState
          title="No store to visit"
          description="No planned store has a price for these items."
          action={<Link to={`/u/lists/${id}/recommendations`}>Where to buy</Link>}
        />
      ) : null}

      {trip.stops.map((stop, index) => {
        const lines = stop.lines.filter((line) => isOnList(line.itemId));
        const done = lines.filter((line) => isTicked(line.itemId)).length;
        return (
          <section key={stop.store.id} className="card shop-stop" aria-label={`Shop at ${stop.store.name}`}>
            <header className="card-header">
              <h2 className="card-title">
                {index + 1}. {stop.store.name}
              </h2>
              {lines.length > 0 && done === lines.length ? (
                <Badge tone="success">Done</Badge>
              ) : (
                <span className="muted small">{`${done} of ${lines.length}`}</span>
              )}
            </header>
            {stop.store.address ? <p className="muted small">{stop.store.address}</p> : null}
            {lines.length === 0 ? <p className="muted">Nothing left to buy here.</p> : null}
            <ul className="shop-lines">
              {lines.map((line) => (
                <li key={line.itemId} className={isTicked(line.itemId) ? 'shop-line is-ticked' : 'shop-line'}>
                  {renderTick(line, stop.store.id)}
                  <span className="shop-line-price">
                    <Money cents={line.lineCents} currency={plan.currency} />
                  </span>
                  {isTicked(line.itemId) ? null : (
                    <button
                      type="button"
                      className="shop-not-here"
                      aria-label={`Not here: ${line.name}`}
                      onClick={() => shop.markNotHere(line.itemId)}
                    >
                      Not here
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <PromotionSuggestions
              suggestions={plan.stops.find((planned) => planned.store.id === stop.store.id)?.suggestions ?? []}
              storeName={stop.store.name}
              currency={plan.currency}
            />
          </section>
        );
      })}

      {trip.missing.some((line) => isOnList(line.itemId)) ? (
        <section className="card card-warning shop-stop" aria-label="Missing">
          <header className="card-header">
            <h2 className="card-title">Not found at any planned store</h2>
          </header>
          <ul className="shop-lines">
            {trip.missing
              .filter((line) => isOnList(line.itemId))
              .map((line) => (
                <li key={line.itemId} className="shop-line">
                  <span className="shop-missing-name">{line.name}</span>
                  <button
                    type="button"
                    className="shop-not-here"
                    aria-label={`Put back: ${line.name}`}
                    onClick={() => shop.restore(line.itemId)}
                  >
                    Put back
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ) : null}

      {list.isPending ? <SkeletonCard label="Loading the rest of your list..." rows={2} className="shop-stop" /> : null}
      {others.length > 0 ? (
        <section className="card shop-stop" aria-label="Also on your list">
          <header className="card-header">
            <h2 className="card-title">Also on your list</h2>
          </header>
          <p className="muted small">Not in the plan: no known price at these stores, added since, or already ticked.</p>
          <ul className="shop-lines">
            {others.map((item) => (
              <li key={item.id} className={item.is_checked ? 'shop-line is-ticked' : 'shop-line'}>
                <TickRow name={item.name} isTicked={item.is_checked} onToggle={() => toggle(item)} />
                {!item.product_id && !item.is_checked ? (
                  <LinkItemButton listId={id} itemId={item.id} itemName={item.name} className="link-item-button" />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ShopAddItem listId={id} />
    </div>
  );
}
