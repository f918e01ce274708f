import type { FastifyRequest } from 'fastify';
import type { TSetPassword } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { toWebHeaders } from '../../auth/web-request';
import { HttpError } from '../../http/errors';

/**
 * After better-auth's generic sign-up answer: when the id it returned is a real new account (not the synthetic
 * user it answers for an existing address), sign that newcomer in and hand back the session cookies.
 */
export async function signInNewcomer(
  app: Deps<'auth' | 'db'>,
  request: FastifyRequest,
  userId: string | undefined,
  email: string,
  password: string,
): Promise<string[]> {
  if (!userId) return [];
  const isNew = await app.db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
  if (!isNew) return [];
  const response = await app.auth.api.signInEmail({ body: { email, password }, headers: toWebHeaders(request), asResponse: true });
  if (!response.ok) {
    request.log.warn({ userId, status: response.status }, 'sign-in right after sign-up failed');
    return [];
  }
  return response.headers.getSetCookie();
}

/** /set-password: the emailed reset token plus the account's email must match before the password changes. */
export async function setPasswordWithToken(app: Deps<'auth' | 'db'>, input: TSetPassword): Promise<void> {
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
