import type { TSetPassword } from '@cartwise/contracts';
import type { App } from '../../app-types';
import { HttpError } from '../../http/errors';

/** /set-password: the emailed reset token plus the account's email must match before the password changes. */
export async function setPasswordWithToken(app: App, input: TSetPassword): Promise<void> {
  const ctx = await app.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  const invalid = new HttpError(400, 'invalid_token', 'Invalid or expired token for this email');
  if (!verification || new Date(verification.expiresAt) < new Date()) throw invalid;
  const user = await ctx.internalAdapter.findUserById(verification.value);
  if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) throw invalid;
  try {
    await app.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (err) {
    const message = err instanceof Error ? err.message : 'Failed to set password';
    throw new HttpError(400, 'set_password_failed', message);
  }
}
