// What other features may use of stores; everything else in this folder is private to it.
export { findOrCreateStoreByName, findStoreIdByName, lockStoreName } from './store-by-name';
export { listChainsWithStoreCounts, listStoreOptions } from './stores.repo';
