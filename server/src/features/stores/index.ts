// What other features may use of stores; everything else in this folder is private to it.
export { findOrCreateStoreByName, findStoreIdByName, lockStoreName } from './store-by-name';
export { formatAddress, listStoreOptions, selectChainsWithStoreCounts, toChainCounts } from './stores.repo';
export {
  confirmStore,
  findPhoneNumbers,
  findStoreByAddress,
  findStoreByPhone,
  isStoreVisibleTo,
  isVisibleTo,
  STORE_CONFIRMATIONS_TO_PUBLISH,
} from './store-visibility';
export { toPhoneColumns } from './store-phone';
export { storesRoutes } from './stores.routes';
