import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { TReceiptJob } from '@cartwise/contracts';
import { ReceiptJobList } from './receipt-job-list';

function job(overrides: Partial<TReceiptJob>): TReceiptJob {
  return {
    id: crypto.randomUUID(),
    status: 'queued',
    progress: 0,
    error: null,
    kind: 'image',
    fileName: 'photo.jpg',
    hasImage: true,
    attempts: 0,
    receiptId: null,
    draft: null,
    isManualEntry: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('ReceiptJobList', () => {
  it('shows each upload with its live status, progress and failure reason', () => {
    const ready = job({ status: 'ready', fileName: 'ready.jpg', progress: 1 });
    const failed = job({ status: 'failed', fileName: 'blurry.jpg', error: 'The receipt could not be read.' });
    const onReview = vi.fn();
    const onRetry = vi.fn();
    render(
      <ReceiptJobList
        jobs={[job({ status: 'reading', fileName: 'reading.jpg', progress: 0.42 }), ready, failed, job({ kind: 'text', fileName: null })]}
        reviewingId={null}
        onReview={onReview}
        onRetry={onRetry}
        onDiscard={vi.fn()}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Uploads' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Reading 42%')).toBeTruthy();
    expect(within(items[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(within(items[1]!).getByText('Ready to review')).toBeTruthy();
    expect(within(items[2]!).getByText('The receipt could not be read.')).toBeTruthy();
    expect(within(items[3]!).getByText('Pasted text')).toBeTruthy();
    // A job still being read cannot be discarded mid-way.
    expect(within(items[0]!).queryByRole('button', { name: /Discard/ })).toBeNull();

    fireEvent.click(within(items[1]!).getByRole('button', { name: /Review/ }));
    expect(onReview).toHaveBeenCalledWith(ready);
    fireEvent.click(within(items[2]!).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith(failed);
  });

  it('says a blank draft left while scanning was off is ready to fill in, and offers Fill in instead of Review', () => {
    const manual = job({ status: 'ready', fileName: 'typed.jpg', progress: 1, isManualEntry: true });
    render(
      <ReceiptJobList
        jobs={[manual, job({ status: 'ready', fileName: 'read.jpg', progress: 1 })]}
        reviewingId={null}
        onReview={vi.fn()}
        onRetry={vi.fn()}
        onDiscard={vi.fn()}
      />,
    );
    const [first, second] = within(screen.getByRole('list', { name: 'Uploads' })).getAllByRole('listitem');
    expect(within(first!).getByText('Ready to fill in')).toBeTruthy();
    expect(within(first!).queryByText('Ready to review')).toBeNull();
    expect(within(second!).getByText('Ready to review')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: /^Fill in/ })).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: /^Review/ })).toBeNull();
    expect(within(second!).getByRole('button', { name: /^Review/ })).toBeTruthy();
  });
});
