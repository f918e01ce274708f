import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { appConfigApi, dealsApi, type TAppConfig, type TDeal, type TDealList, type TDealsForYou } from '@cartwise/contracts';
import { handle, replyError, server } from '../../test/contract-handlers';
import DealsPage from './deals-page';

function buildDeal(overrides: Partial<TDeal>): TDeal {
  return {
    id: crypto.randomUUID(),
    productName: 'Whole milk',
    description: '',
    originalPrice: 4,
    salePrice: 3,
    percentOff: 25,
    startDate: null,
    endDate: '2026-11-30',
    store: { id: 's1', name: 'FreshMart Downtown', chainName: 'FreshMart', city: '' },
    productId: null,
    category: null,
    status: 'approved',
    rejectionReason: null,
    isMine: false,
    photoUrl: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function buildConfig(isSubmittingOn = true): TAppConfig {
  return {
    billing: { isEnabled: false },
    features: { receiptOcr: true, dealSubmissions: isSubmittingOn, splitCart: true, dealAlertEmails: true },
    limits: { maxReceiptUploadMb: 15, dealSubmissionsPerDay: 10 },
  };
}

/** Serves the deal list (built from the request's URL, or a failure), the config, the pickers and the shopper's matches. */
function mockApi(list: (url: URL) => TDealList | 'fail', config = buildConfig(), forYou: TDeal[] = []) {
  server.use(
    handle(dealsApi.forYou, () => ({ items: forYou.map((deal) => ({ deal, source: 'receipt' as const, matchedName: 'WHOLE MILK' })) })),
    handle(appConfigApi.get, () => config),
    handle(dealsApi.stores, () => ({ items: [] })),
    handle(dealsApi.products, () => ({ items: [] })),
    handle(dealsApi.list, ({ request }) => {
      const body = list(new URL(request.url));
      return body === 'fail' ? replyError(500, 'Unknown error', 'internal_error') : body;
    }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DealsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DealsPage', () => {
  it('groups deals by chain with Unknown last, a count line and the prices', async () => {
    mockApi(() => ({
      items: [
        buildDeal({ productName: 'Whole milk' }),
        buildDeal({ productName: 'Butter', salePrice: 2.5, originalPrice: 3.5, percentOff: 29 }),
        buildDeal({ productName: 'Mystery tea', store: null, originalPrice: null, percentOff: 0, endDate: null }),
      ],
      mySubmissions: [],
      categories: [],
    }));
    renderPage();
    const fresh = await screen.findByRole('region', { name: 'FreshMart' });
    expect(within(fresh).getByText('2 active deals')).toBeTruthy();
    expect(within(fresh).getByText('$4.00').tagName).toBe('S');
    expect(within(fresh).getByText('$3.00')).toBeTruthy();
    expect(within(fresh).getByText('25% off')).toBeTruthy();
    expect(within(fresh).getAllByText(/^Valid until /)).toHaveLength(2);
    const unknown = screen.getByRole('region', { name: 'Unknown' });
    expect(within(unknown).getByText('1 active deal')).toBeTruthy();
    expect(within(unknown).queryByText(/% off/)).toBeNull();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Unknown')).toBeGreaterThan(headings.indexOf('FreshMart'));
    expect(screen.getByText('3 active deals')).toBeTruthy();
  });

  it('highlights For you deals and still lists every deal in its chain group, Unknown included', async () => {
    const milk = buildDeal({ productName: 'Whole milk' });
    const butter = buildDeal({ productName: 'Butter' });
    const tea = buildDeal({ productName: 'Mystery tea', store: null });
    mockApi(() => ({ items: [milk, butter, tea], mySubmissions: [], categories: [] }), buildConfig(), [milk, tea]);
    renderPage();
    const forYou = await screen.findByRole('region', { name: 'For you' });
    expect(within(forYou).getByText('Whole milk')).toBeTruthy();
    // Why it is For you, in words a person reads: not the receipt's capitals.
    expect(within(forYou).getAllByText('You bought Whole Milk')).toHaveLength(2);
    const fresh = screen.getByRole('region', { name: 'FreshMart' });
    expect(within(fresh).getByText('2 active deals')).toBeTruthy();
    const milkCard = within(fresh).getByText('Whole milk').closest('li')!;
    expect(within(milkCard).getByText('For you')).toBeTruthy();
    const butterCard = within(fresh).getByText('Butter').closest('li')!;
    expect(within(butterCard).queryByText('For you')).toBeNull();
    const unknown = screen.getByRole('region', { name: 'Unknown' });
    expect(within(unknown).getByText('Mystery tea')).toBeTruthy();
    expect(within(unknown).getByText('1 active deal')).toBeTruthy();
    expect(screen.getByText('3 active deals')).toBeTruthy();
  });

  it('filters For you and the chain groups with the same search', async () => {
    const milk = buildDeal({ productName: 'Whole milk' });
    const butter = buildDeal({ productName: 'Butter' });
    mockApi(
      (url) => {
        const q = url.searchParams.get('q')?.toLowerCase();
        const items = [milk, butter].filter((deal) => !q || deal.productName.toLowerCase().includes(q));
        return { items, mySubmissions: [], categories: [] };
      },
      buildConfig(),
      [milk, butter],
    );
    renderPage();
    const forYou = await screen.findByRole('region', { name: 'For you' });
    expect(within(forYou).getByText('Butter')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search deals by product or store...'), { target: { value: 'milk' } });
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'For you' })).queryByText('Butter')).toBeNull());
    expect(within(screen.getByRole('region', { name: 'For you' })).getByText('Whole milk')).toBeTruthy();
    const fresh = screen.getByRole('region', { name: 'FreshMart' });
    expect(within(fresh).queryByText('Butter')).toBeNull();
    expect(within(fresh).getByText('1 active deal')).toBeTruthy();
  });

  it('holds the For you place with a skeleton while the chain groups show', async () => {
    const milk = buildDeal({ productName: 'Whole milk' });
    let answerForYou: (answer: TDealsForYou) => void = () => undefined;
    const forYouAnswer = new Promise<TDealsForYou>((resolve) => (answerForYou = resolve));
    mockApi(() => ({ items: [milk], mySubmissions: [], categories: [] }));
    server.use(handle(dealsApi.forYou, () => forYouAnswer));
    renderPage();
    expect((await screen.findByText('Loading for you...')).closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'FreshMart' })).toBeTruthy();
    answerForYou({ items: [{ deal: milk, source: 'receipt', matchedName: 'WHOLE MILK' }] });
    expect(await screen.findByRole('region', { name: 'For you' })).toBeTruthy();
    expect(screen.queryByText('Loading for you...')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'FreshMart' })).getByText('For you')).toBeTruthy();
  });

  it('shows the right empty state with and without a search', async () => {
    mockApi(() => ({ items: [], mySubmissions: [], categories: [] }));
    renderPage();
    expect(await screen.findByText('No deals found')).toBeTruthy();
    expect(screen.getByText('Be the first to submit a deal!')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search deals by product or store...'), { target: { value: 'kiwi' } });
    expect(await screen.findByText('Try a different search term')).toBeTruthy();
    expect(screen.queryByText('Be the first to submit a deal!')).toBeNull();
  });

  it('swallows load errors silently', async () => {
    mockApi(() => 'fail');
    renderPage();
    expect(await screen.findByText('No deals found')).toBeTruthy();
    expect(screen.queryByText('Unknown error')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows my pending and rejected submissions with the reason', async () => {
    mockApi(() => ({
      items: [],
      mySubmissions: [buildDeal({ productName: 'Cheap eggs', status: 'rejected', rejectionReason: 'Tag not readable', isMine: true })],
      categories: [],
    }));
    renderPage();
    const mine = await screen.findByRole('region', { name: 'My submissions' });
    expect(within(mine).getByText('Rejected')).toBeTruthy();
    expect(within(mine).getByText('Reason: Tag not readable')).toBeTruthy();
  });

  it('explains that submissions are off instead of showing the form, and stops inviting submissions', async () => {
    mockApi(() => ({ items: [], mySubmissions: [], categories: [] }), buildConfig(false));
    renderPage();
    expect(await screen.findByText('Check back soon.')).toBeTruthy();
    expect(screen.queryByText('Be the first to submit a deal!')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Deal' });
    expect(within(dialog).getByText(/Deal submissions are turned off for now/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Title')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the form with the daily limit while submissions are on', async () => {
    mockApi(() => ({ items: [], mySubmissions: [], categories: [] }));
    renderPage();
    expect(await screen.findByText('Be the first to submit a deal!')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Submit Deal' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Submit Deal' });
    expect(await within(dialog).findByText(/You can submit up to 10 deals a day/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Title')).toBeTruthy();
  });
});
