export { runPriceImport, type ImportError, type ImportStatus, type ImportSummary, type PriceImportOptions } from './import-pipeline';
export { findPriceSource, PRICE_SOURCES } from './sources';
export type { FeedRecord, FeedStore, FeedProduct, FeedPrice, FeedPromotion, PriceSource, SourceInput, SourceContext } from './price-source';
export { FeedError } from './price-source';
