import { Suspense, lazy, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useAuth } from '../features/auth/auth-context';
import { getToasts, subscribeToToasts } from '../components/toast-store';
import { FormatProvider } from '../lib/format-provider';
import { createQueryClient } from './query-client';

// Radix Toast loads with the first toast: most page loads show none.
const Toaster = lazy(() => import('../components/toaster').then((module) => ({ default: module.Toaster })));

function LazyToaster() {
  const hasToasts = useSyncExternalStore(subscribeToToasts, () => getToasts().length > 0);
  const [isNeeded, setIsNeeded] = useState(false);
  if (hasToasts && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Replays changes queued offline; loaded apart so the landing page does not carry the API client.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isCancelled = false;
    void import('../features/offline/outbox').then(({ startOutboxSync }) => {
      if (!isCancelled) stop = startOutboxSync(queryClient);
    });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SignedInFormat>
          {children}
          <LazyToaster />
        </SignedInFormat>
      </AuthProvider>
    </QueryClientProvider>
  );
}

function SignedInFormat({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  return <FormatProvider isSignedIn={status === 'signed_in'}>{children}</FormatProvider>;
}
