import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, onlineManager, useIsMutating } from '@tanstack/react-query';
import { getToasts } from '../../components/toast-store';
import { useAdminAction } from './admin-api';

function renderAction() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => ({ ...useAdminAction(), inFlight: useIsMutating() }), { wrapper });
}

afterEach(() => onlineManager.setOnline(true));

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

  it('is counted with the app’s other changes in flight while it runs', async () => {
    const { result } = renderAction();
    let finish: () => void = () => undefined;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.runAction('Role not changed', () => new Promise<void>((resolve) => (finish = resolve)));
    });
    await waitFor(() => expect(result.current.inFlight).toBe(1));
    await act(async () => {
      finish();
      await done;
    });
    await waitFor(() => expect(result.current.inFlight).toBe(0));
  });

  it('waits while offline and runs the action once the connection is back, instead of failing', async () => {
    onlineManager.setOnline(false);
    const { result } = renderAction();
    const action = vi.fn(() => Promise.resolve());
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.runAction('Feature not changed', action);
    });
    await waitFor(() => expect(result.current.isBusy).toBe(true));
    expect(action).not.toHaveBeenCalled();
    await act(async () => {
      onlineManager.setOnline(true);
      await done;
    });
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.isBusy).toBe(false));
  });
});
