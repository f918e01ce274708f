import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { adminApi, type TDatabaseInfo } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import AdminDatabasePage from './admin-database-page';

const info: TDatabaseInfo = {
  kind: 'sqlite',
  tables: [{ name: 'profiles', row_count: 1234, size_bytes: 5_934_000 }],
  health: {
    database: { status: 'healthy', size_mb: 5.66 },
    storage: { status: 'healthy', size_mb: 12.5 },
    auth: { status: 'healthy', total_users: 1234 },
  },
  checked_at: '2026-11-26T08:00:00.000Z',
};

describe('AdminDatabasePage', () => {
  it('writes sizes and counts with a German operator’s separators', async () => {
    server.use(handle(adminApi.database, () => info));
    renderPage(<AdminDatabasePage />, { path: '/admin/database', format: { currency: 'EUR', locale: 'de-DE', units: 'metric' } });
    expect((await screen.findAllByText('5,66 MB')).length).toBe(2);
    expect(screen.getByText('12,5 MB of uploads')).toBeTruthy();
    expect(screen.getByText('1.234 accounts')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '5,66 MB' })).toBeTruthy();
  });
});
