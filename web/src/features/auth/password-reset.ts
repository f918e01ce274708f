import { z } from 'zod';
import { ZSetPassword } from '@cartwise/contracts';
import { authClient } from './auth-client';

/** The reset forms' one field: the address a link goes to, checked like every account email. */
export const ZEmailForm = z.object({ email: ZSetPassword.shape.email });

export type ResetRequestOutcome = { isOk: true } | { isOk: false; message: string | null };

interface ResetRequestArgs {
  email: string;
  redirectTo?: string;
}

type RequestReset = (args: ResetRequestArgs) => Promise<{ error: { message?: string } | null }>;

const defaultRequest: RequestReset = (args) => authClient.requestPasswordReset(args);

/**
 * Asks for a reset email that links back to /reset-password on this origin. Some
 * deployments reject the redirect (untrusted origin): then retry without it so
 * the server's default link is used.
 */
export async function requestPasswordResetEmail(
  email: string,
  origin: string = window.location.origin,
  request: RequestReset = defaultRequest,
): Promise<ResetRequestOutcome> {
  try {
    const first = await request({ email, redirectTo: `${origin}/reset-password` });
    if (!first.error) return { isOk: true };
    const message = first.error.message ?? '';
    if (!/redirect|invalid/i.test(message)) return { isOk: false, message: message || null };
    const retry = await request({ email });
    return retry.error ? { isOk: false, message: retry.error.message || null } : { isOk: true };
  } catch (error) {
    return { isOk: false, message: error instanceof Error ? error.message : null };
  }
}
