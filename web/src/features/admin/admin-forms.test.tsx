import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import AdminInvitesPage from './admin-invites-page';
import AdminNotificationsPage from './admin-notifications-page';
import AdminSettingsPage from './admin-settings-page';
import AdminWaitlistPage from './admin-waitlist-page';

const setting = { key: 'stale_days', label: 'Stale after (days)', description: '', value: '30', updated_at: null };

function stubApi(list: unknown, onWrite: (body: unknown) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
    if (!init?.method || init.method === 'GET') return buildJsonResponse(list);
    return onWrite(JSON.parse(String(init.body)));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const writes = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

afterEach(() => vi.unstubAllGlobals());

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
    const fetchMock = stubApi({ items: [] }, () => buildJsonResponse(invite));
    renderPage(<AdminInvitesPage />, { path: '/admin/invites' });
    const email = screen.getByLabelText('Email');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(writes(fetchMock)).toHaveLength(0);
    await userEvent.clear(email);
    await userEvent.type(email, ' New@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Create invite' }));
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(writes(fetchMock)[0]?.[1]?.body))).toEqual({ email: 'new@example.com' });
    await waitFor(() => expect((email as HTMLInputElement).value).toBe(''));
  });

  it('keeps the typed waitlist email when the server refuses it', async () => {
    stubApi({ items: [] }, () => buildJsonResponse({ error: 'conflict', message: 'Already on the waitlist' }, 409));
    renderPage(<AdminWaitlistPage />, { path: '/admin/waitlist' });
    await userEvent.type(screen.getByLabelText('Email'), 'wait@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add to waitlist' }));
    expect(await screen.findByText('Already on the waitlist')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('wait@example.com');
  });

  it('asks for a setting value instead of saving a blank one, and shows the server refusal beside it', async () => {
    const fetchMock = stubApi({ items: [setting] }, () =>
      buildJsonResponse({ error: 'validation_error', message: 'Use a whole number of days' }, 400),
    );
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const field = await screen.findByLabelText('Stale after (days)');
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save Stale after (days)' }));
    expect(await screen.findByText('Enter a value')).toBeTruthy();
    expect(writes(fetchMock)).toHaveLength(0);
    await userEvent.type(field, 'soon');
    await userEvent.click(screen.getByRole('button', { name: 'Save Stale after (days)' }));
    expect(await screen.findByText('Use a whole number of days')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('soon');
  });

  it('marks the blank notification field itself and focuses it', async () => {
    const fetchMock = stubApi({ items: [] }, () => buildJsonResponse({}));
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await userEvent.type(screen.getByLabelText('Subject'), 'Sale');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const body = screen.getByLabelText('Body');
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(body);
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBeNull();
    expect(writes(fetchMock)).toHaveLength(0);
  });
});
