import type { TPriceObservation } from '@cartwise/contracts';

// Open Prices (Open Food Facts) publishes its prices under the ODbL, which asks for attribution wherever they are shown.
const OPEN_PRICES_SOURCES = new Set(['open-prices', 'open-prices-csv']);

export function hasOpenPrices(observations: readonly Pick<TPriceObservation, 'source'>[]): boolean {
  return observations.some((observation) => OPEN_PRICES_SOURCES.has(observation.source));
}

export function OpenPricesCredit() {
  return (
    <p className="muted">
      <a href="https://prices.openfoodfacts.org" target="_blank" rel="noreferrer">
        Prices from Open Prices (ODbL)
      </a>
    </p>
  );
}
