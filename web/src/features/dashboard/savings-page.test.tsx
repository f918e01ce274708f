import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { savingsApi, type TSavingsLedger } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import SavingsPage from './savings-page';

const LIST_ID = '11111111-1111-4111-8111-111111111111';
const RECEIPT_ID = '22222222-2222-4222-8222-222222222222';

function buildLedger(period: 'month' | 'year'): TSavingsLedger {
  return {
    period,
    from: period === 'month' ? '2026-11-01' : '2026-01-01',
    to: period === 'month' ? '2026-12-01' : '2027-01-01',
    totals: { deals_cents: 75, split_cart_cents: 650, total_cents: 725, plans_used: 1 },
    trips: [
      {
        id: 'trip-1',
        listId: LIST_ID,
        listName: 'Weekly shop',
        usedOn: '2026-11-20',
        finishedAt: '2026-11-20T12:00:00.000Z',
        spentCents: 1650,
        plannedCents: 1500,
        savingsCents: 650,
        boughtCount: 3,
        receiptCount: 1,
      },
    ],
    receipts: [
      { receiptId: RECEIPT_ID, storeName: 'Corner shop', purchasedOn: '2026-11-21', discountCents: 75, dealCents: 0, savingsCents: 75 },
    ],
  };
}

describe('SavingsPage', () => {
  it('lists the trips and receipts behind the figure of the period in the address', async () => {
    const periods: unknown[] = [];
    server.use(
      handle(savingsApi.ledger, ({ query }) => {
        periods.push(query.period);
        return buildLedger(query.period === 'year' ? 'year' : 'month');
      }),
    );
    renderPage(<SavingsPage />, { path: '/u/savings?period=year' });
    expect(await screen.findByText(/from 1 trip,/)).toBeTruthy();
    expect(periods[0]).toBe('year');
    expect(screen.getByRole('tab', { name: 'This year' }).getAttribute('aria-selected')).toBe('true');
    const trips = screen.getByRole('table', { name: 'Finished split-cart trips' });
    expect(within(trips).getByRole('link', { name: 'Weekly shop' }).getAttribute('href')).toBe(`/u/lists/${LIST_ID}`);
    expect(within(trips).getByText('Paid prices')).toBeTruthy();
    expect(within(trips).getByText('$6.50')).toBeTruthy();
    const receipts = screen.getByRole('table', { name: 'Receipts with discounts and deal prices' });
    expect(within(receipts).getByRole('link', { name: 'Corner shop' }).getAttribute('href')).toBe(`/u/receipts/${RECEIPT_ID}`);
  });

  it('says what is missing when the period has trips but no receipt saving', async () => {
    server.use(handle(savingsApi.ledger, () => ({ ...buildLedger('month'), receipts: [] })));
    renderPage(<SavingsPage />, { path: '/u/savings' });
    const receipts = await screen.findByRole('table', { name: 'Receipts with discounts and deal prices' });
    expect(within(receipts).getByText('No receipt in this period shows a discount or a deal price.')).toBeTruthy();
  });

  it('says so when nothing was saved in the period', async () => {
    server.use(
      handle(savingsApi.ledger, () => ({
        ...buildLedger('month'),
        trips: [],
        receipts: [],
        totals: { deals_cents: 0, split_cart_cents: 0, total_cents: 0, plans_used: 0 },
      })),
    );
    renderPage(<SavingsPage />, { path: '/u/savings' });
    expect(await screen.findByText('Nothing saved yet')).toBeTruthy();
  });
});
