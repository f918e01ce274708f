import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { ZMessage } from './common';
import { ZProfile } from './profile';
import { HOUSEHOLD_INVITE_PATH } from './households';

/** The shortest password accepted (better-auth's minPasswordLength); stated on the sign-up form and in its error. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** A password being chosen (sign-up, reset, change): the forms check the server's minimum before sending. */
export const ZNewPassword = z.string().min(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT_MESSAGE }).max(1024);

export const ZSignup = z.object({
  email: z.string().trim().email({ message: 'Enter a valid email address' }),
  password: z.string().min(1, { message: 'Enter a password' }),
  name: z.string().trim().max(120).optional(),
  /**
   * The invite code of the link that led here: the mailed confirmation link returns to that invitation. Only the
   * code travels, never a path, so the return stays on this site.
   */
  inviteCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,40}$/, { message: 'Invite code is not valid' })
    .optional(),
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

/** The same-origin page an invite link opens, for a code: where sign-up returns a newcomer who came from it. */
export function toInviteReturnPath(code: string): string {
  return `${HOUSEHOLD_INVITE_PATH}?${new URLSearchParams({ code }).toString()}`;
}

/** POST /api/client-log: a client-side problem reported to the server log. */
export const ZClientLog = z.object({
  level: z.enum(['error', 'warn', 'info']),
  message: z.string().max(2000),
  path: z.string().max(500).optional(),
});
export type TClientLog = z.infer<typeof ZClientLog>;

/** The account endpoints outside better-auth's own /api/auth/*. */
export const accountApi = {
  signup: defineRoute({ method: 'POST', path: '/api/signup', body: ZSignup, responses: { 200: ZMessage } }),
  setPassword: defineRoute({ method: 'POST', path: '/api/set-password', body: ZSetPassword, responses: { 200: ZMessage } }),
  me: defineRoute({ method: 'GET', path: '/api/me', responses: { 200: ZProfile } }),
  deleteAccount: defineRoute({ method: 'DELETE', path: '/api/me', body: ZDeleteAccount, responses: { 204: null } }),
  clientLog: defineRoute({ method: 'POST', path: '/api/client-log', body: ZClientLog, responses: { 204: null } }),
  /** Revokes every session of the signed-in user; answers with better-auth's own sign-out response. */
  signOutEverywhere: defineRoute({ method: 'POST', path: '/api/sign-out-everywhere', responses: {} }),
  /** Server-sent events (ZRealtimeEvent per `data:` line), read with EventSource rather than callApi. */
  realtime: defineRoute({ method: 'GET', path: '/api/realtime', responses: {} }),
};
