import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import NotificationSettingsPage from './notification-settings-page';
import { buildJsonResponse } from '../../test/json-response';

type Handler = (init: RequestInit | undefined) => Response;

function stubApi(onPut: Handler) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (String(input).startsWith('/api/push/')) return buildJsonResponse({ list_changes: true, deal_alerts: true, trial_reminders: true });
    if (String(input).startsWith('/api/app-config')) return buildJsonResponse({}, 500);
    if (!init?.method || init.method === 'GET')
      return buildJsonResponse({ marketing: false, product: true, receipts: false, deal_alerts: true });
    return onPut(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function isChecked(label: string): boolean {
  return (screen.getByRole('checkbox', { name: label }) as HTMLInputElement).checked;
}

describe('NotificationSettingsPage', () => {
  it('loads the saved preferences into the four checkboxes', async () => {
    stubApi(() => buildJsonResponse({}));
    renderPage(<NotificationSettingsPage />, { path: '/u/settings/notifications' });
    await screen.findByRole('checkbox', { name: 'Marketing emails' });
    expect(isChecked('Marketing emails')).toBe(false);
    expect(isChecked('Product updates')).toBe(true);
    expect(isChecked('Receipt processing alerts')).toBe(false);
    expect(isChecked('Deal alerts')).toBe(true);
  });

  it('saves with PUT and shows the saved values', async () => {
    const fetchMock = stubApi((init) => buildJsonResponse({ ...JSON.parse(String(init?.body)) }));
    renderPage(<NotificationSettingsPage />, { path: '/u/settings/notifications' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Marketing emails' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Deal alerts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification preferences saved')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/settings/notifications');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ marketing: true, product: true, receipts: false, deal_alerts: false });
    expect(isChecked('Marketing emails')).toBe(true);
  });

  it('shows Save failed and keeps the edits when the server refuses', async () => {
    stubApi(() => buildJsonResponse({ error: 'validation_error', message: 'Invalid input' }, 400));
    renderPage(<NotificationSettingsPage />, { path: '/u/settings/notifications' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Receipt processing alerts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save failed')).toBeTruthy();
    expect(screen.getByText('Invalid input')).toBeTruthy();
    expect(isChecked('Receipt processing alerts')).toBe(true);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false));
  });
});
