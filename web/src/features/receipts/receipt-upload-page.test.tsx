import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { appConfigApi, receiptJobsApi, storesApi, type TAppConfig, type TReceiptDraft, type TReceiptJob } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import ReceiptUploadPage from './receipt-upload-page';

function buildConfig(overrides: { receiptOcr?: boolean; maxReceiptUploadMb?: number } = {}): TAppConfig {
  return {
    billing: { isEnabled: false },
    features: { receiptOcr: overrides.receiptOcr ?? true, dealSubmissions: true, splitCart: true, dealAlertEmails: true },
    limits: { maxReceiptUploadMb: overrides.maxReceiptUploadMb ?? 15, dealSubmissionsPerDay: 10 },
  };
}

const blank = { value: null, confidence: 0 };
const NOTICE = 'Automatic reading is turned off, so nothing was filled in: type the details in from your receipt.';
const manualDraft: TReceiptDraft = {
  locale: 'en-US',
  currency: 'USD',
  storeName: blank,
  storeAddress: blank,
  date: blank,
  time: blank,
  subtotal: blank,
  tax: blank,
  total: blank,
  payment: blank,
  items: [],
  consistency: {
    itemsTotal: 0,
    discountTotal: 0,
    tax: 0,
    expectedTotal: 0,
    total: null,
    difference: null,
    isConsistent: false,
    message: 'No total found on the receipt.',
  },
  rawText: '',
  readMs: null,
  notice: NOTICE,
};

const JOB_IDS = [
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3',
] as const;
const STORE_IDS = ['bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb2'] as const;

const readyJob: TReceiptJob = {
  id: JOB_IDS[0],
  status: 'ready',
  progress: 1,
  error: null,
  kind: 'image',
  fileName: 'IMG_0042.jpg',
  hasImage: true,
  attempts: 1,
  receiptId: null,
  draft: manualDraft,
  isManualEntry: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** Serves the operator's config, the shopper's jobs and one store; uploads and rereads are kept by job id. */
function mockApi(config: TAppConfig, jobs: TReceiptJob[] = []) {
  const sent = { uploads: 0, rereads: [] as string[] };
  server.use(
    handle(appConfigApi.get, () => config),
    handle(receiptJobsApi.list, () => ({ jobs })),
    handle(storesApi.list, () => ({
      items: [
        {
          id: STORE_IDS[0],
          name: '99 SPEED MART S/B',
          chain_id: null,
          chain_name: null,
          address: null,
          source_ref: null,
          currency: 'MYR',
          lat: null,
          lon: null,
          is_online: false,
        },
      ],
    })),
    handle(receiptJobsApi.upload, () => {
      sent.uploads += 1;
      return { jobs: [] };
    }),
    handle(receiptJobsApi.reread, ({ params }) => {
      sent.rereads.push(params.id);
      return { ...readyJob, status: 'queued', progress: 0, attempts: 0, draft: null, isManualEntry: false };
    }),
  );
  return sent;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReceiptUploadPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ReceiptUploadPage and operator settings', () => {
  it('names the operator upload limit and refuses a bigger file before uploading it', async () => {
    const sent = mockApi(buildConfig({ maxReceiptUploadMb: 4 }));
    renderPage();
    expect(await screen.findByText(/up to 4 MB each/)).toBeTruthy();
    expect(screen.queryByText(/Automatic reading is turned off/)).toBeNull();
    const big = new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Choose photos or PDF'), { target: { files: [big] } });
    expect(await screen.findByText('big.jpg is larger than the 4 MB upload limit.')).toBeTruthy();
    expect(sent.uploads).toBe(0);
  });

  it('says up front that automatic reading is off, and the review explains its empty form', async () => {
    mockApi(buildConfig({ receiptOcr: false }), [readyJob]);
    renderPage();
    expect(await screen.findByText(/Automatic reading is turned off for now/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^Fill in/ }));
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.queryByText('No total found on the receipt.')).toBeNull();
    // Scanning is still off, so the blank draft cannot be read yet.
    expect(screen.getByText('Ready to fill in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Read it now/ })).toBeNull();
  });

  it('offers to read a receipt left blank while scanning was off once scanning is back on', async () => {
    const sent = mockApi(buildConfig({ receiptOcr: true }), [readyJob]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Read it now/ }));
    await waitFor(() => expect(sent.rereads).toEqual([readyJob.id]));
  });
});

describe('the review of a store name matched to a known store', () => {
  const readDraft: TReceiptDraft = {
    ...manualDraft,
    notice: undefined,
    storeName: { value: '99 SPEED MART S/B', confidence: 0.91 },
    knownStore: { id: STORE_IDS[0], name: '99 SPEED MART S/B', readAs: '29 SPEED MART S/B' },
  };
  const readJob: TReceiptJob = { ...readyJob, id: JOB_IDS[1], draft: readDraft, isManualEntry: false };

  it('says which store it matched, suggests known stores, and gives the name as read back on request', async () => {
    mockApi(buildConfig(), [readJob]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Review/ }));
    const store = await screen.findByLabelText<HTMLInputElement>('Store');
    expect(store.value).toBe('99 SPEED MART S/B');
    expect(screen.getByText(/Matched to a store already in Cartwise\. The receipt reads “29 SPEED MART S\/B”\./)).toBeTruthy();
    await waitFor(() =>
      expect(
        document
          .getElementById(store.getAttribute('list') ?? '')
          ?.querySelector('option')
          ?.getAttribute('value'),
      ).toBe('99 SPEED MART S/B'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Use “29 SPEED MART S/B” instead' }));
    expect(store.value).toBe('29 SPEED MART S/B');
    expect(screen.queryByText(/Matched to a store already in Cartwise/)).toBeNull();
  });

  it('moves focus into the review form when a review opens', async () => {
    mockApi(buildConfig(), [readJob]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Review/ }));
    const review = (await screen.findByRole('heading', { name: /^Review/ })).closest('.receipt-review') as HTMLElement;
    await waitFor(() => expect(review.contains(document.activeElement)).toBe(true));
    expect((document.activeElement as HTMLElement).tagName).toMatch(/INPUT|SELECT|TEXTAREA/);
  });

  it('says when the store was matched by the registration number on the receipt, even with no name read', async () => {
    const bySeller: TReceiptDraft = {
      ...readDraft,
      storeName: { value: 'GARDENIA BAKERIES (KL) SDN BHD', confidence: 0.9 },
      knownStore: { id: STORE_IDS[1], name: 'GARDENIA BAKERIES (KL) SDN BHD', readAs: '', isSellerMatch: true },
    };
    mockApi(buildConfig(), [{ ...readJob, id: JOB_IDS[2], draft: bySeller }]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Review/ }));
    expect((await screen.findByLabelText<HTMLInputElement>('Store')).value).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(
      screen.getByText(/Matched by its registration number to a store already in Cartwise\. The name on the receipt could not be read\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /instead/ })).toBeNull();
  });
});
