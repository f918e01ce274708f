import { isOnMap, measureDistanceKm } from '@cartwise/contracts/domain/geo';
import type { PlanStoreRow, StoreRow, TravelProfile } from './recommendations.repo';

/**
 * What reaching a store costs in a plan: an online store's delivery fee (the base trip cost when it has none); a
 * store's visit, the base trip cost plus the shopper's cost per km from home to the store when both places are known.
 */
export function toPlanStoreRow(store: StoreRow, travel: TravelProfile, baseTripCents: number): PlanStoreRow {
  const isOnline = store.is_online === 1;
  const place = { lat: store.lat === null ? null : Number(store.lat), lon: store.lon === null ? null : Number(store.lon) };
  const distanceKm = !isOnline && travel.home && isOnMap(place) ? Math.round(measureDistanceKm(travel.home, place) * 10) / 10 : null;
  const perKm = distanceKm !== null && travel.costPerKmCents ? Math.round(distanceKm * travel.costPerKmCents) : 0;
  return {
    id: store.id,
    name: store.name,
    chainName: store.chainName,
    address: store.address,
    tripCostCents: isOnline ? (store.delivery_fee_cents ?? baseTripCents) : baseTripCents + perKm,
    minOrderCents: store.min_order_cents && store.min_order_cents > 0 ? store.min_order_cents : null,
    isOnline,
    distanceKm,
  };
}

/**
 * The stores a plan compares when the shopper names none. With a home point and a radius: the stores within it,
 * the online ones (they come to the shopper) and the home stores; otherwise the home stores, or every store when
 * they have none. Only stores in the shopper's currency, or of unknown currency, ever take part.
 */
export function chooseDefaultStores(stores: readonly StoreRow[], homeIds: readonly string[], travel: TravelProfile): StoreRow[] {
  const inCurrency = stores.filter((store) => isInCurrency(store, travel.currency));
  const { home, radiusKm } = travel;
  if (home && radiusKm !== null) {
    return inCurrency.filter((store) => {
      if (store.is_online === 1 || homeIds.includes(store.id)) return true;
      const place = { lat: store.lat === null ? null : Number(store.lat), lon: store.lon === null ? null : Number(store.lon) };
      return isOnMap(place) && measureDistanceKm(home, place) <= radiusKm;
    });
  }
  const homeStores = inCurrency.filter((store) => homeIds.includes(store.id));
  return homeIds.length > 0 ? homeStores : inCurrency;
}

export function isInCurrency(store: Pick<StoreRow, 'currency'>, currency: string): boolean {
  return store.currency === null || store.currency === currency;
}
