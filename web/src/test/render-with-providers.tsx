import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthContext, type AuthContextValue } from '../features/auth/auth-context';
import { Toaster } from '../components/toaster';

export function buildFakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signed_out',
    session: null,
    user: null,
    profile: null,
    profileStatus: 'idle',
    isAdmin: false,
    onAuthStateChange: () => () => undefined,
    emitAuthEvent: () => undefined,
    reloadSession: async () => null,
    reloadProfile: async () => undefined,
    signOut: async () => undefined,
    ...overrides,
  };
}

interface Options {
  path?: string;
  auth?: AuthContextValue;
  /** Extra routes (e.g. the redirect target) rendered as plain text markers. */
  markers?: Record<string, string>;
}

/** Renders a page inside the providers the app gives it, without network retries. */
export function renderPage(page: ReactElement, { path = '/', auth = buildFakeAuth(), markers = {} }: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path.split('?')[0]} element={page} />
            {Object.entries(markers).map(([markerPath, text]) => (
              <Route key={markerPath} path={markerPath} element={<p>{text}</p>} />
            ))}
          </Routes>
        </MemoryRouter>
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
