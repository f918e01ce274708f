// What other features may use of deals; everything else in this folder is private to it.
export { alertMatchingShoppers } from './deal-alerts';
export { notifyUser } from './deal-notifications';
export { findActiveDealPrices, selectActiveDeals } from './deal-prices';
export { findDealRow, selectDeals, toDealDto } from './deals.repo';
export type { DealRow } from './deals.repo';
export { deleteDealPhotoFile } from './deal-photos';
export { startDealDigests } from './deal-alerts';
export { dealRoutes } from './deals.routes';
export { unsubscribeRoutes } from './unsubscribe.routes';
