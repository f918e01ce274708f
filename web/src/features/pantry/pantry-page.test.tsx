import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { pantryApi, type TPantryItem } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import PantryPage from './pantry-page';
import { handle, server } from '../../test/contract-handlers';
import { addDaysIso, getLocalTodayIso } from '@cartwise/contracts';

function inDays(days: number): string {
  return addDaysIso(getLocalTodayIso(), days);
}

function makeItem(overrides: Partial<TPantryItem>): TPantryItem {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    name: 'Item',
    qty: 1,
    unit: '',
    expires_on: null,
    product_id: null,
    household_id: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

describe('PantryPage', () => {
  it('shows a loading indicator, then name, quantity and unit, highlights items expiring within 3 days and shows Total Qty', async () => {
    const items = [
      makeItem({ name: 'Yogurt', qty: 2, unit: 'tub', expires_on: inDays(2) }),
      makeItem({ name: 'Beans', qty: 3, unit: 'can', expires_on: inDays(30) }),
      makeItem({ name: 'Rice', qty: 1.5, unit: 'kg' }),
    ];
    server.use(handle(pantryApi.list, () => ({ items, total_qty: 6.5 })));
    renderPage(<PantryPage />, { path: '/u/pantry' });
    expect(screen.getByText('Loading...')).toBeTruthy();

    const yogurt = (await screen.findByText('Yogurt')).closest('li');
    expect(yogurt?.className).toContain('is-expiring');
    expect(yogurt?.textContent).toContain('Expires in 2 days');
    expect(yogurt?.textContent).toContain('2 tub');
    expect(screen.getByText('Beans').closest('li')?.className).not.toContain('is-expiring');
    expect(screen.getByText('Rice').closest('li')?.textContent).toContain('1.5 kg');
    expect(screen.getByText('Total Qty').closest('p')?.textContent).toBe('Total Qty6.5');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('offers to add a first item when the pantry is empty', async () => {
    server.use(handle(pantryApi.list, () => ({ items: [], total_qty: 0 })));
    renderPage(<PantryPage />, { path: '/u/pantry' });
    expect(await screen.findByText('Your pantry is empty')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add your first item' })).toBeTruthy();
  });
});
