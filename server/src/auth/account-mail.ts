import type { Mailer } from '../mail/mailer';

/**
 * Account mail: the messages better-auth asks the app to send about the account itself. These go to any
 * address, verified or not (the other mail, digests, alerts and broadcasts, goes only to verified ones).
 */
export function createAccountMail(mailer: Mailer, publicUrl: string) {
  const signInUrl = new URL('/login', publicUrl).toString();
  const resetUrl = new URL('/forgot-password', publicUrl).toString();
  return {
    /** A sign-up with an address that already has an account: the owner hears of it, the visitor sees the usual answer. */
    async sendExistingAccountNotice(email: string): Promise<void> {
      await mailer.sendMail({
        to: email,
        subject: 'Someone tried to sign up with your address',
        text:
          `Someone tried to create a Cartwise account with this email address, which already has an account.\n\n` +
          `If it was you, sign in instead: ${signInUrl}\nForgot your password? Reset it here: ${resetUrl}\n\n` +
          `If it was not you, you can ignore this email: your account has not changed.`,
      });
    },
    /** Sent after sign-up and to the new address when the email changes; the app works before it is opened. */
    async sendVerification(email: string, url: string): Promise<void> {
      await mailer.sendMail({
        to: email,
        subject: 'Confirm your email address for Cartwise',
        text:
          `Open this link to confirm that this address belongs to your Cartwise account (valid for one hour):\n${url}\n\n` +
          `Until it is confirmed, Cartwise sends this address account mail only (no deal digests or announcements).\n\n` +
          `If you did not ask for this, ignore this email.`,
        secrets: [url],
      });
    },
    async sendPasswordReset(email: string, url: string): Promise<void> {
      await mailer.sendMail({
        to: email,
        subject: 'Reset your Cartwise password',
        text: `Someone asked to reset the password of your Cartwise account.\n\nOpen this link to choose a new password (valid for one hour):\n${url}\n\nIf it was not you, ignore this email.`,
        secrets: [url],
      });
    },
  };
}
