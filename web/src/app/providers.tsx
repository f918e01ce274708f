import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useAuth } from '../features/auth/auth-context';
import { Toaster } from '../components/toaster';
import { FormatProvider } from '../lib/format-provider';
import { createQueryClient } from './query-client';

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
          <Toaster />
        </SignedInFormat>
      </AuthProvider>
    </QueryClientProvider>
  );
}

function SignedInFormat({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  return <FormatProvider isSignedIn={status === 'signed_in'}>{children}</FormatProvider>;
}
