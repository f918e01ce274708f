import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { adminApi, adminManageApi, appConfigApi } from '@cartwise/contracts';
import { APP_CONFIG } from '../../test/api-fixtures';
import { handle, replyError, server } from '../../test/contract-handlers';
import AdminInvitesPage from './admin-invites-page';
import AdminNotificationsPage from './admin-notifications-page';
import AdminSettingsPage from './admin-settings-page';
import AdminWaitlistPage from './admin-waitlist-page';

const setting = { key: 'stale_days', label: 'Stale after (days)', description: '', value: '30', updated_at: null };

describe('admin forms', () => {
  it('checks the invite email beside the field, then sends it trimmed and clears the field', async () => {
    const invite = {
      id: 'i1',
      email: 'new@example.com',
      code: 'ABC123',
      used_at: null,
      created_by_email: null,
      created_at: '2026-11-26T00:00:00.000Z',
    };
    const writes: unknown[] = [];
    server.use(
      handle(adminManageApi.invites, () => ({ items: [] })),
      handle(adminManageApi.createInvite, async ({ request }) => {
        writes.push(await request.json());
        return invite;
      }),
    );
    renderPage(<AdminInvitesPage />, { path: '/admin/invites' });
    const email = screen.getByLabelText('Email');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(writes).toHaveLength(0);
    await userEvent.clear(email);
    await userEvent.type(email, ' New@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Create invite' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ email: 'new@example.com' });
    await waitFor(() => expect((email as HTMLInputElement).value).toBe(''));
  });

  it('keeps the typed waitlist email when the server refuses it', async () => {
    server.use(
      handle(adminManageApi.waitlist, () => ({ items: [] })),
      handle(adminManageApi.addToWaitlist, () => replyError(409, 'Already on the waitlist', 'conflict')),
    );
    renderPage(<AdminWaitlistPage />, { path: '/admin/waitlist' });
    await userEvent.type(screen.getByLabelText('Email'), 'wait@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add to waitlist' }));
    expect(await screen.findByText('Already on the waitlist')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('wait@example.com');
  });

  it('asks for a setting value instead of saving a blank one, and shows the server refusal beside it', async () => {
    let writes = 0;
    server.use(
      handle(adminManageApi.settings, () => ({ items: [setting] })),
      handle(adminManageApi.updateSetting, () => {
        writes += 1;
        return replyError(400, 'Use a whole number of days', 'validation_error');
      }),
    );
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const field = await screen.findByLabelText('Stale after (days)');
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save Stale after (days)' }));
    expect(await screen.findByText('Enter a value')).toBeTruthy();
    expect(writes).toBe(0);
    await userEvent.type(field, 'soon');
    await userEvent.click(screen.getByRole('button', { name: 'Save Stale after (days)' }));
    expect(await screen.findByText('Use a whole number of days')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('soon');
  });

  it('marks the blank notification field itself and focuses it', async () => {
    let writes = 0;
    server.use(
      handle(adminApi.notificationLog, () => ({ items: [] })),
      handle(appConfigApi.get, () => APP_CONFIG),
      handle(adminApi.sendNotification, () => {
        writes += 1;
        return replyError(500, 'Not expected');
      }),
    );
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await userEvent.type(screen.getByLabelText('Subject'), 'Sale');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const body = screen.getByLabelText('Body');
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(body);
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBeNull();
    expect(writes).toBe(0);
  });
});
