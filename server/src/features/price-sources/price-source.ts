// The one interface every price source implements: it reads its inputs as a stream and emits stores, prices and
// promotions, one record at a time; the import pipeline turns records into rows. A source never touches the database.
import type { FastifyBaseLogger } from 'fastify';

export type PriceKind = 'regular' | 'promotion' | 'loyalty';

/** A store as a source names it. */
export interface FeedStore {
  /** Unique across sources: 'il:{ChainId}:{StoreId}' (StoreId as written), 'osm:{type}:{id}', 'hr:{chain}:{store}', 'kroger:{locationId}'. */
  sourceRef: string;
  /** Stable chain key for the source, e.g. 'il:7290027600007', 'hr:konzum', 'osm-brand:Lidl', 'kroger'. */
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
  /**
   * Named from a price file alone ('{chain} {StoreId}'): the pipeline creates the store when it is missing and
   * never renames a store that a Stores file named.
   */
  isPlaceholder?: boolean;
  /** ISO 4217. */
  currency: string;
}

/** A product as a feed row describes it; the pipeline finds or makes the catalogue product. */
export interface FeedProduct {
  /** Barcode as given; the pipeline normalises it with contracts' domain/gtin.ts and falls back to internalCode. */
  gtin?: string | null;
  /** The chain's own item code, kept per chain (never matched across chains). */
  internalCode?: string | null;
  /**
   * Without a valid barcode or an item code, the product is the shared catalogue's one of the same name and brand
   * (case-insensitive), else a new one. For hand-made files, whose rows often have neither; a feed's row without a
   * key fails its file.
   */
  canMatchByName?: boolean;
  name: string;
  brand?: string | null;
  /** Raw size text ('1 ליטר', '500 גרם', '0.30 kg', '4 x 125 g'); the pipeline parses it. */
  quantityText?: string | null;
  /** When the source gives the size already parsed (unit: g, kg, ml, l, item...). */
  sizeValue?: number | null;
  sizeUnit?: string | null;
  category?: string | null;
}

export interface FeedPrice {
  storeRef: string;
  product: FeedProduct;
  /** Integer minor units of `currency`. */
  priceMinor: number;
  currency: string;
  kind: PriceKind;
  /** YYYY-MM-DD */
  observedOn: string;
}

export interface FeedPromotion {
  storeRef: string;
  /** The id the source publishes; unique per store. */
  promotionId: string;
  description: string;
  /** The products it covers (usually a barcode or internal code only). */
  products: FeedProduct[];
  /** >= 1 */
  minQuantity: number;
  /** Price of a complete group of minQuantity items (per unit when minQuantity is 1), minor units. */
  discountedPriceMinor: number | null;
  /** Percent 0-100, instead of a price. */
  discountRate: number | null;
  minPurchaseMinor: number | null;
  isClubOnly: boolean;
  clubIds?: string[];
  isCoupon: boolean;
  /** ISO date-times or dates. */
  validFrom: string | null;
  validTo: string | null;
  currency: string;
}

export type FeedRecord =
  { type: 'store'; store: FeedStore } | { type: 'price'; price: FeedPrice } | { type: 'promotion'; promotion: FeedPromotion };

/** One input of a run: a local file, or an URL / API page set the source knows how to read. */
export interface SourceInput {
  name: string;
  open(): Promise<NodeJS.ReadableStream | ReadableStream<Uint8Array>>;
}

export interface SourceContext {
  log: FastifyBaseLogger;
  signal: AbortSignal;
  /** Tests pass a fetch that reaches a local fake server. */
  fetch: typeof fetch;
  /** The operator's settings for the source (area, credentials...). */
  config: Record<string, string>;
  onProgress(progress: { files?: number; rows?: number }): void;
  /** Tells the run that the source made one call to a metered API (see PriceSource.dailyCallLimit). */
  onCall?(): void;
}

/** A bad input; the pipeline records it against the file (and line or item) and imports nothing of that file. */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface PriceSource {
  id: string;
  label: string;
  /** Shown wherever these prices are, e.g. 'Price data © Open Prices contributors, ODbL'. */
  attribution?: string;
  /** The secrets an operator gives this source (e.g. Kroger's clientId and clientSecret); never shown back. */
  credentialFields?: readonly string[];
  /**
   * Calls the source's API allows per UTC day. Runs count their calls in the database and give the source what is
   * left of the day as `config.callsLeft`; the source stops at it and reports each call through `ctx.onCall`.
   */
  dailyCallLimit?: number;
  /** Inputs for a scheduled run (API sources page through their API; file sources list a directory / URLs). */
  discover?(ctx: SourceContext): AsyncIterable<SourceInput>;
  /** The inputs of a local directory given to `npm run prices` (default: every file in it, in name order). */
  listDirectory?(path: string): AsyncIterable<SourceInput>;
  /** Reads one input. A thrown error (a FeedError with its line when known) fails that input only. */
  read(input: SourceInput, ctx: SourceContext): AsyncIterable<FeedRecord>;
}
