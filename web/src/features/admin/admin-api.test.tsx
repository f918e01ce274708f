import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getToasts } from '../../components/toast-store';
import { useAdminAction } from './admin-api';

function renderAction() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useAdminAction(), { wrapper });
}

describe('useAdminAction', () => {
  it('is busy while the action runs and turns a failure into a toast titled with what did not happen', async () => {
    const { result } = renderAction();
    let finish: (error?: Error) => void = () => undefined;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.runAction(
        'Role not changed',
        () => new Promise<void>((resolve, reject) => (finish = (e) => (e ? reject(e) : resolve()))),
      );
    });
    await waitFor(() => expect(result.current.isBusy).toBe(true));
    await act(async () => {
      finish(new Error('Operators cannot demote themselves'));
      await done;
    });
    await waitFor(() => expect(result.current.isBusy).toBe(false));
    expect(getToasts().some((t) => t.kind === 'error' && t.title === 'Role not changed')).toBe(true);
  });
});
