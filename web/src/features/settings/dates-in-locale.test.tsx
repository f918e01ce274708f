import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../test/render-with-providers';
import { apiTokensApi } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import { FALLBACK_FORMAT, setActiveFormat } from '../../lib/format';
import { formatBillingDate } from '../billing/billing-api';
import { AccessTokensCard } from './access-tokens-card';

const GERMAN = { currency: 'EUR', locale: 'de-DE', units: 'metric' } as const;

afterEach(() => {
  setActiveFormat(FALLBACK_FORMAT);
});

describe('dates outside the shared helpers', () => {
  it('writes billing dates in the shopper locale, not the browser one', () => {
    setActiveFormat(GERMAN);
    expect(formatBillingDate('2026-11-26T12:00:00.000Z')).toBe('26.11.2026');
    expect(formatBillingDate(null)).toBe('—');
  });

  it('writes when an access token was made and used as a date, not an ISO string', async () => {
    setActiveFormat(GERMAN);
    const token = {
      id: 'a6b2c1d0-0000-4000-8000-000000000001',
      name: 'Old script',
      prefix: 'cw_abc123',
      created_at: '2026-11-01T10:00:00.000Z',
      last_used_at: '2026-11-20T10:00:00.000Z',
      scopes: ['read' as const],
    };
    server.use(handle(apiTokensApi.list, () => ({ tokens: [token] })));
    renderPage(<AccessTokensCard />, { path: '/u/settings/security', format: GERMAN });
    expect(await screen.findByText('cw_abc123… · read · created 01.11.2026 · last used 20.11.2026')).toBeTruthy();
  });
});
