import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthContext, type AuthContextValue } from '../features/auth/auth-context';
import { Toaster } from '../components/toaster';
import { FALLBACK_FORMAT, setActiveFormat, type FormatSettings } from '../lib/format';
import { bindFormatters, FormatContext } from '../lib/use-format';

export function buildFakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'signed_out',
    session: null,
    user: null,
    profile: null,
    profileStatus: 'idle',
    isAdmin: false,
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
  /** The shopper's saved currency, locale and units (US defaults when absent). */
  format?: FormatSettings;
  /** Router state the page is opened with (e.g. where a guard sent the visitor from). */
  state?: unknown;
}

/** Renders a page inside the providers the app gives it, without network retries. */
export function renderPage(
  page: ReactElement,
  { path = '/', auth = buildFakeAuth(), markers = {}, format = FALLBACK_FORMAT, state }: Options = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // As FormatProvider does: helpers called outside render read the same settings.
  setActiveFormat(format);
  return render(
    <QueryClientProvider client={queryClient}>
      <FormatContext.Provider value={bindFormatters(format)}>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path.split('?')[0], state }]}>
            <Routes>
              <Route path={path.split('?')[0]} element={page} />
              {Object.entries(markers).map(([markerPath, text]) => (
                <Route key={markerPath} path={markerPath} element={<p>{text}</p>} />
              ))}
            </Routes>
          </MemoryRouter>
          <Toaster />
        </AuthContext.Provider>
      </FormatContext.Provider>
    </QueryClientProvider>,
  );
}
