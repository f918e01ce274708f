import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindFormatters } from '../../lib/use-format';
import CategorySpendChart from './category-spend-chart';
import { describeCategory, shapeCategoryBars } from './spend-series';

const categories = [
  { category: 'Dairy', total: 42.5, share: 0.625, itemCount: 9 },
  { category: 'Produce', total: 25.5, share: 0.375, itemCount: 1 },
];

describe('CategorySpendChart', () => {
  it('names the chart by its caption and toggles a category from its legend, never hiding the last one', async () => {
    render(<CategorySpendChart caption="Spend per category" categories={categories} />);
    expect(screen.getByRole('figure', { name: 'Spend per category' })).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Categories in the spend chart' });
    const dairy = within(legend).getByRole('button', { name: 'Dairy' });
    const produce = within(legend).getByRole('button', { name: 'Produce' });
    await userEvent.click(dairy);
    expect(dairy.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(produce);
    expect(produce.getAttribute('aria-pressed')).toBe('true');
  });

  it('has no legend for a single category', () => {
    render(<CategorySpendChart caption="Spend per category" categories={categories.slice(0, 1)} />);
    expect(screen.queryByRole('list', { name: 'Categories in the spend chart' })).toBeNull();
  });
});

describe('describeCategory', () => {
  it('gives the amount and share in the shopper’s currency and locale', () => {
    const german = bindFormatters({ currency: 'EUR', locale: 'de-DE', units: 'metric' });
    const [dairy, produce] = shapeCategoryBars(categories);
    // Intl puts a no-break space between amount and sign.
    expect(describeCategory(dairy!, german).map((line) => line.replace(/\u00a0/g, ' '))).toEqual([
      'Spent 42,50 €',
      '63 % of spend',
      '9 items',
    ]);
    expect(describeCategory(produce!, german)[2]).toBe('1 item');
  });

  it('gives each category its own palette colour in the API’s order', () => {
    const bars = shapeCategoryBars(categories);
    expect(bars.map((bar) => bar.color)).toEqual(['var(--chart-1)', 'var(--chart-2)']);
  });
});
