import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_PREFERENCES, settingsApi } from '@cartwise/contracts';
import { FormatProvider } from './format-provider';
import { PREFERENCES_PATH } from '@cartwise/contracts/api/boot-paths';
import { prefetchPreferences } from './preferences-prefetch';
import { useFormat } from './use-format';
import { handle, replyError, server } from '../test/contract-handlers';

function Price() {
  return <p>{useFormat().cents(123_456)}</p>;
}

function renderSignedIn() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormatProvider isSignedIn>
        <Price />
      </FormatProvider>
    </QueryClientProvider>,
  );
}

describe('prefetchPreferences', () => {
  it('asks the contract’s path', () => {
    expect(PREFERENCES_PATH).toBe(settingsApi.preferences.path);
  });

  it('serves the shopper’s formats from the boot-time request, without asking twice', async () => {
    let calls = 0;
    server.use(
      handle(settingsApi.preferences, () => {
        calls += 1;
        return { ...DEFAULT_PREFERENCES, currency: 'EUR', locale: 'de-DE', units: 'metric' };
      }),
    );
    prefetchPreferences();
    renderSignedIn();
    // Intl puts a no-break space before the euro sign.
    expect((await screen.findByText(/€/)).textContent?.replace(/\u00a0/g, ' ')).toBe('1.234,56 €');
    expect(calls).toBe(1);
  });

  it('falls back to an ordinary read when the boot-time answer is not valid', async () => {
    let calls = 0;
    server.use(
      handle(settingsApi.preferences, () => {
        calls += 1;
        if (calls === 1) return replyError(401, 'Sign in', 'unauthorized');
        return { ...DEFAULT_PREFERENCES, currency: 'GBP', locale: 'en-GB', units: 'metric' };
      }),
    );
    prefetchPreferences();
    renderSignedIn();
    expect(await screen.findByText('£1,234.56')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
