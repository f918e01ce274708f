import type { PriceSource } from '../price-source';
import { cartwiseCsvSource, cartwiseJsonSource, openPricesCsvSource } from './cartwise-files';
import { hrNn75Source } from './hr-nn75';
import { ilTransparencySource } from './il-transparency';
import { krogerSource } from './kroger';
import { openPricesSource } from './open-prices';

/** Every price source Cartwise can read; a new source is one module (or folder) here. */
export const PRICE_SOURCES: PriceSource[] = [
  ilTransparencySource,
  openPricesSource,
  hrNn75Source,
  krogerSource,
  cartwiseCsvSource,
  cartwiseJsonSource,
  openPricesCsvSource,
];

export function findPriceSource(id: string): PriceSource | undefined {
  return PRICE_SOURCES.find((source) => source.id === id);
}
