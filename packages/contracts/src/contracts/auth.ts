import { z } from 'zod';

/** The shortest password accepted (better-auth's minPasswordLength); stated on the sign-up form and in its error. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

export const ZSignup = z.object({
  email: z.string().trim().email({ message: 'Enter a valid email address' }),
  password: z.string().min(1, { message: 'Enter a password' }),
  name: z.string().trim().max(120).optional(),
});
export type TSignup = z.infer<typeof ZSignup>;

export const ZSetPassword = z.object({
  email: z.string().trim().email({ message: 'Enter a valid email address' }),
  token: z.string().min(1, { message: 'Enter the token from your email' }),
  password: z.string().min(1, { message: 'Enter a new password' }),
});
export type TSetPassword = z.infer<typeof ZSetPassword>;

/** DELETE /api/me: the account's password re-authenticates (omitted for an account without one). */
export const ZDeleteAccount = z.object({ password: z.string().max(1024).optional() }).nullish();
export type TDeleteAccount = z.infer<typeof ZDeleteAccount>;
