import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

type ResetResult = { data: unknown; error: { message?: string } | null };

const { requestPasswordReset } = vi.hoisted(() => ({
  requestPasswordReset: vi.fn<(args: { email: string; redirectTo?: string }) => Promise<ResetResult>>(),
}));
vi.mock('./auth-client', () => ({ authClient: { requestPasswordReset } }));

afterEach(() => {
  requestPasswordReset.mockReset();
});

async function submitEmail(email = 'sam@example.com') {
  renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
  const field = screen.getByLabelText('Email');
  expect(field.getAttribute('type')).toBe('email');
  expect(field.hasAttribute('required')).toBe(true);
  await userEvent.type(field, email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordPage', () => {
  it('asks for a reset link back to /reset-password and shows the confirmation', async () => {
    requestPasswordReset.mockResolvedValue({ data: { status: true }, error: null });
    await submitEmail();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(/We sent a password reset link to/).textContent).toContain('sam@example.com');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: 'sam@example.com', redirectTo: `${window.location.origin}/reset-password` });
    expect(screen.getByText('We sent you a password reset link')).toBeTruthy();
  });

  it('retries without the redirect when the server rejects it', async () => {
    requestPasswordReset
      .mockResolvedValueOnce({ data: null, error: { message: 'Invalid redirectURL' } })
      .mockResolvedValueOnce({ data: { status: true }, error: null });
    await submitEmail();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(requestPasswordReset).toHaveBeenCalledTimes(2);
    expect(requestPasswordReset.mock.calls[1]?.[0]).toEqual({ email: 'sam@example.com' });
  });

  it('does not retry other errors and shows the failure toast', async () => {
    requestPasswordReset.mockResolvedValueOnce({ data: null, error: { message: 'Too many requests' } });
    await submitEmail();
    expect(await screen.findByText('Failed to send reset email')).toBeTruthy();
    expect(screen.getByText('Too many requests')).toBeTruthy();
    expect(requestPasswordReset).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
  });

  it('falls back to Please try again later and disables the button while sending', async () => {
    let finish: (value: ResetResult) => void = () => undefined;
    requestPasswordReset.mockReturnValueOnce(new Promise<ResetResult>((resolve) => (finish = resolve)));
    await submitEmail();
    const busyButton = screen.getByRole('button', { name: 'Sending reset link...' });
    expect((busyButton as HTMLButtonElement).disabled).toBe(true);
    finish({ data: null, error: {} });
    expect(await screen.findByText('Please try again later')).toBeTruthy();
    expect(screen.getByText('Failed to send reset email')).toBeTruthy();
  });

  it('says Authentication is not configured when the server has no way to send mail', async () => {
    requestPasswordReset.mockResolvedValueOnce({ data: null, error: { message: 'Authentication is not configured' } });
    await submitEmail();
    expect(await screen.findByText('Authentication is not configured')).toBeTruthy();
    expect(screen.queryByText('Failed to send reset email')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
  });
});

describe('ResetPasswordPage without a token', () => {
  it('says the link expired, then shows Sent or Failed under the same reset-link form', async () => {
    requestPasswordReset
      .mockResolvedValueOnce({ data: null, error: { message: 'Too many requests' } })
      .mockResolvedValueOnce({ data: { status: true }, error: null });
    renderPage(<ResetPasswordPage />, { path: '/reset-password?error=INVALID_TOKEN' });
    expect(screen.getByText('This reset link is invalid or has expired. Request a new one below.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Sent')).toBeTruthy();
    expect(requestPasswordReset).toHaveBeenLastCalledWith({
      email: 'sam@example.com',
      redirectTo: `${window.location.origin}/reset-password`,
    });
  });
});
