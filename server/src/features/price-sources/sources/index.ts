import type { PriceSource } from '../price-source';
import { cartwiseCsvSource, cartwiseJsonSource, openPricesCsvSource } from './cartwise-files';
import { hrNn75Source } from './hr-nn75';
import { krogerSource } from './kroger';
import { openPricesSource } from './open-prices';

/** Every price source Cartwise can read; a new source is one module here. */
export const PRICE_SOURCES: PriceSource[] = [
  openPricesSource,
  hrNn75Source,
  krogerSource,
  cartwiseCsvSource,
  cartwiseJsonSource,
  openPricesCsvSource,
];
