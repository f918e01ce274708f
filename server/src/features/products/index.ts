// What other features may use of products; everything else in this folder is private to it.
export { OTHER_CATEGORY, guessCategory } from './categories';
export { loadMatchCandidates, rememberAlias, resolveLineProduct, suggestProduct } from './product-linking';
export { findMatchCandidateIds, findMatchCandidates, type MatchCandidateRow } from './product-search.repo';
export { findProduct, findVisibleProduct } from './products.repo';
export { catalogueReviewRoutes } from './catalogue-review.routes';
export type { Db } from './products.repo';
export { productsRoutes } from './products.routes';
export { linkTypedItem, linkTypedItems } from './item-linking';
export { listPendingShelfPrices, moderateShelfPrice } from './shelf-prices.service';
