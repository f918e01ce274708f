import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPriceObservation } from '@cartwise/contracts';
import { bindFormatters, FormatContext } from '../../lib/use-format';
import PriceHistoryChart from './price-history-chart';
import { SpendByStoreChart } from './spend-charts';

const observations = [
  { id: '1', storeId: 'a', storeName: 'FreshMart', date: '2026-11-01', unitPrice: 3, isDeal: false },
  { id: '2', storeId: 'b', storeName: 'ValueGrocer', date: '2026-11-05', unitPrice: 2.5, isDeal: true },
  { id: '3', storeId: 'a', storeName: 'FreshMart', date: '2026-11-10', unitPrice: 2.8, isDeal: false },
] as TPriceObservation[];

const german = bindFormatters({ currency: 'EUR', locale: 'de-DE', units: 'metric' });

describe('PriceHistoryChart', () => {
  it('describes the history in the shopper’s locale and currency for screen readers', () => {
    render(
      <FormatContext.Provider value={german}>
        <PriceHistoryChart observations={observations} productName="Milk" />
      </FormatContext.Provider>,
    );
    const figure = screen.getByRole('figure', { name: /Price history of Milk/ });
    // Intl puts a no-break space between amount and currency sign.
    const text = figure.textContent?.replace(/\u00a0/g, ' ');
    expect(text).toContain('3 prices at 2 stores from 01.11.2026 to 10.11.2026');
    expect(text).toContain('Lowest 2,50 € at ValueGrocer');
    expect(text).toContain('FreshMart: latest 2,80 € on 10.11.2026');
  });

  it('hides and shows a store from its legend button but never hides the last one', async () => {
    render(<PriceHistoryChart observations={observations} productName="Milk" />);
    const legend = screen.getByRole('list', { name: 'Stores in the price history of Milk' });
    const fresh = within(legend).getByRole('button', { name: 'FreshMart' });
    const value = within(legend).getByRole('button', { name: 'ValueGrocer' });
    expect(fresh.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(fresh);
    expect(fresh.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(value);
    expect(value.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(fresh);
    expect(fresh.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('SpendByStoreChart', () => {
  it('lists each store in a legend that toggles it', async () => {
    render(
      <SpendByStoreChart
        caption="Spend per store"
        stores={[
          { store_name: 'FreshMart', total_cents: 6000, receipts: 3 },
          { store_name: 'ValueGrocer', total_cents: 1550, receipts: 1 },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'ValueGrocer' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('figure', { name: 'Spend per store' })).toBeTruthy();
  });
});
