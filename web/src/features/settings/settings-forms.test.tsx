import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { apiTokensApi } from '@cartwise/contracts';
import { handle, replyError, server } from '../../test/contract-handlers';
import { AccessTokensCard } from './access-tokens-card';
import { EmailCard } from './email-card';
import { PhoneCard } from './phone-card';
import { TwoFactorCard } from './two-factor-card';

type AuthResult = { data: unknown; error: { message?: string } | null };

const { changeEmail, sendOtp, enable } = vi.hoisted(() => ({
  changeEmail: vi.fn<(args: unknown) => Promise<AuthResult>>(),
  sendOtp: vi.fn<(args: unknown) => Promise<AuthResult>>(),
  enable: vi.fn<(args: unknown) => Promise<AuthResult>>(),
}));
vi.mock('../auth/auth-client', () => ({
  authClient: { changeEmail, phoneNumber: { sendOtp }, twoFactor: { enable } },
  unwrapAuthResult: (result: AuthResult) => {
    if (result.error) throw new Error(result.error.message);
    return result.data;
  },
}));

afterEach(() => vi.clearAllMocks());

function expectInvalid(label: string, message: string) {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(field.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
  expect(document.activeElement).toBe(field);
}

describe('security and token forms validate beside the field', () => {
  it('email: a malformed new address is flagged and not sent', async () => {
    renderPage(<EmailCard email="sam@example.com" isVerified />, { path: '/u/settings/security' });
    await userEvent.type(screen.getByLabelText('New email'), 'sam@');
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expectInvalid('New email', 'Enter a valid email address');
    expect(changeEmail).not.toHaveBeenCalled();
  });

  it('phone: a number without country code is flagged and no code is sent', async () => {
    renderPage(<PhoneCard currentPhone={null} />, { path: '/u/settings/security' });
    await userEvent.type(screen.getByLabelText('Phone number'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const message = 'Enter a phone number with country code, like +1 555 123 4567';
    expect(await screen.findByText(message)).toBeTruthy();
    expectInvalid('Phone number', message);
    expect(sendOtp).not.toHaveBeenCalled();
  });

  it('two-factor: the password is required before enabling, and a server error keeps it typed', async () => {
    enable.mockResolvedValueOnce({ data: null, error: { message: 'Invalid password' } });
    renderPage(<TwoFactorCard isEnabled={false} onPendingChange={() => undefined} />, { path: '/u/settings/security' });
    await userEvent.click(screen.getByRole('button', { name: 'Enable two-factor' }));
    expect(await screen.findByText('Enter a password')).toBeTruthy();
    expectInvalid('Current password', 'Enter a password');
    expect(enable).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Enable two-factor' }));
    expect(await screen.findByText('Invalid password')).toBeTruthy();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('wrong-password');
  });

  it('access tokens: a blank name is flagged with the contract message and nothing is created', async () => {
    let creates = 0;
    server.use(
      handle(apiTokensApi.list, () => ({ tokens: [] })),
      handle(apiTokensApi.create, () => {
        creates += 1;
        return replyError(500, 'Not expected');
      }),
    );
    renderPage(<AccessTokensCard />, { path: '/u/settings/security' });
    await userEvent.type(screen.getByLabelText('Token name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create a token' }));
    expect(await screen.findByText('Token name is required')).toBeTruthy();
    expectInvalid('Token name', 'Token name is required');
    expect(creates).toBe(0);
  });
});
