import type { FastifyBaseLogger } from 'fastify';

/** What a source emits, one record at a time, streamed (never a whole file in memory). */
export interface FeedStore {
  sourceRef: string;
  chainRef: string;
  chainName: string;
  name: string;
  address?: string | null;
  city?: string | null;
  postcode?: string | null;
  phone?: string | null;
  lat?: number | null;
  lon?: number | null;
  isOnline: boolean;
  currency: string;
}
export interface FeedProduct {
  gtin?: string | null;
  internalCode?: string | null;
  name: string;
  brand?: string | null;
  quantityText?: string | null;
  sizeValue?: number | null;
  sizeUnit?: string | null;
  category?: string | null;
}
export interface FeedPrice {
  storeRef: string;
  product: FeedProduct;
  priceMinor: number;
  currency: string;
  kind: 'regular' | 'promotion' | 'loyalty';
  observedOn: string;
}
export interface FeedPromotion {
  storeRef: string;
  promotionId: string;
  description: string;
  products: FeedProduct[];
  minQuantity: number;
  discountedPriceMinor: number | null;
  discountRate: number | null;
  minPurchaseMinor: number | null;
  isClubOnly: boolean;
  clubIds?: string[];
  isCoupon: boolean;
  validFrom: string | null;
  validTo: string | null;
  currency: string;
}
export type FeedRecord =
  { type: 'store'; store: FeedStore } | { type: 'price'; price: FeedPrice } | { type: 'promotion'; promotion: FeedPromotion };

export interface SourceInput {
  name: string;
  open(): Promise<NodeJS.ReadableStream | ReadableStream<Uint8Array>>;
}

export interface SourceContext {
  log: FastifyBaseLogger;
  signal: AbortSignal;
  fetch: typeof fetch;
  config: Record<string, string>;
  onProgress(progress: { files?: number; rows?: number }): void;
}
export interface PriceSource {
  id: string;
  label: string;
  attribution?: string;
  discover?(ctx: SourceContext): AsyncIterable<SourceInput>;
  read(input: SourceInput, ctx: SourceContext): AsyncIterable<FeedRecord>;
}
