import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LazyDialog } from './lazy-dialog';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./dialog', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

describe('LazyDialog', () => {
  it('loads the dialog library only when it first opens, then opens and closes like a Dialog', async () => {
    const view = render(<LazyDialog isOpen={false} title="Delete list?" onClose={() => {}} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    view.rerender(<LazyDialog isOpen title="Delete list?" onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Delete list?' })).toBeTruthy();
    expect(loads.count).toBe(1);

    view.rerender(<LazyDialog isOpen={false} title="Delete list?" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
