import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import NotificationSettingsPage from './notification-settings-page';
import { appConfigApi, pushApi, settingsApi, type TNotificationPreferences } from '@cartwise/contracts';
import { handle, replyError, server, type Reply } from '../../test/contract-handlers';

type Handler = (body: TNotificationPreferences) => TNotificationPreferences | Reply;

function stubApi(onPut: Handler) {
  const puts: unknown[] = [];
  server.use(
    handle(pushApi.preferences, () => ({ list_changes: true, deal_alerts: true, trial_reminders: true })),
    handle(appConfigApi.get, () => replyError(500, 'Config unavailable')),
    handle(settingsApi.notifications, () => ({ marketing: false, product: true, receipts: false, deal_alerts: true })),
    handle(settingsApi.saveNotifications, async ({ request }) => {
      const sent = (await request.json()) as TNotificationPreferences;
      puts.push(sent);
      return onPut(sent);
    }),
  );
  return puts;
}

function isChecked(label: string): boolean {
  return (screen.getByRole('checkbox', { name: label }) as HTMLInputElement).checked;
}

describe('NotificationSettingsPage', () => {
  it('loads the saved preferences into the four checkboxes', async () => {
    stubApi((body) => body);
    renderPage(<NotificationSettingsPage />, { path: '/u/settings/notifications' });
    await screen.findByRole('checkbox', { name: 'Marketing emails' });
    expect(isChecked('Marketing emails')).toBe(false);
    expect(isChecked('Product updates')).toBe(true);
    expect(isChecked('Receipt processing alerts')).toBe(false);
    expect(isChecked('Deal alerts')).toBe(true);
  });

  it('saves with PUT and shows the saved values', async () => {
    const puts = stubApi((body) => body);
    renderPage(<NotificationSettingsPage />, { path: '/u/settings/notifications' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Marketing emails' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Deal alerts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification preferences saved')).toBeTruthy();
    expect(puts).toEqual([{ marketing: true, product: true, receipts: false, deal_alerts: false }]);
    expect(isChecked('Marketing emails')).toBe(true);
  });

  it('shows Save failed and keeps the edits when the server refuses', async () => {
    stubApi(() => replyError(400, 'Invalid input', 'validation_error'));
    renderPage(<NotificationSettingsPage />, { path: '/u/settings/notifications' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Receipt processing alerts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save failed')).toBeTruthy();
    expect(screen.getByText('Invalid input')).toBeTruthy();
    expect(isChecked('Receipt processing alerts')).toBe(true);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false));
  });
});
