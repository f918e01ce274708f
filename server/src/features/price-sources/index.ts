export { runPriceImport, type ImportError, type ImportStatus, type ImportSummary, type PriceImportOptions } from './import-pipeline';
export { findPriceSource, PRICE_SOURCES } from './sources';
export type { FeedRecord, FeedStore, FeedProduct, FeedPrice, FeedPromotion, PriceSource, SourceInput, SourceContext } from './price-source';
export { FeedError } from './price-source';
export { priceSourcesRoutes } from './price-sources.routes';
export { loadSourceRunConfig } from './price-source-config.service';
export { startPriceSourceSchedule } from './price-source-schedule';
