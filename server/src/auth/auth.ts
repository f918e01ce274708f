import { PASSWORD_MIN_LENGTH } from '@cartwise/contracts';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { phoneNumber, twoFactor } from 'better-auth/plugins';
import { passkey } from '@better-auth/passkey';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createId } from '../db/ids';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../logger';
import type { BackgroundTasks } from '../platform/background-tasks';
import { CLIENT_IP_HEADER } from './web-request';
import { createAuthRateLimitStorage, OTP_SENDS_PER_ADDRESS, PASSKEY_OPTIONS_PER_ADDRESS } from './sign-in-throttle';
import { createAccountMail } from './account-mail';

export interface AuthDeps {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  /** Where account mail is sent from, after the answer (platform/background-tasks.ts). */
  backgroundTasks: BackgroundTasks;
  /** Told whenever a user's sessions end or the user changes (role, ban, deletion): cached sessions must go. */
  onAuthChange?: (userId: string) => void;
  /** Makes a new account's profile (the profile feature's; app.ts passes it so auth imports no feature). */
  createProfile: (input: NewProfile) => Promise<void>;
}

export interface NewProfile {
  id: string;
  email: string;
  fullName: string;
  isAdmin: boolean;
}

export function createAuth({ config, database, mailer, logger, backgroundTasks, onAuthChange = () => {}, createProfile }: AuthDeps) {
  const origin = new URL(config.publicUrl);
  const authLimit = { window: 60, max: config.authRateLimitPerMinute };
  const accountMail = createAccountMail(mailer, config.publicUrl);
  const markSeen = async (userId: string) => {
    await database.db.updateTable('profiles').set({ last_seen_at: new Date().toISOString() }).where('id', '=', userId).execute();
  };
  return betterAuth({
    appName: 'Cartwise',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: { db: database.db, type: database.kind },
    // Any host that reaches this server is allowed as an origin in development; PUBLIC_URL pins it in production.
    trustedOrigins: (request) => [config.publicUrl, request ? new URL(request.url).origin : null],
    advanced: {
      database: { generateId: () => createId() },
      // Sessions and rate limits key on the address Fastify resolved (web-request.ts sets this header from
      // request.ip); X-Forwarded-For from a client is never read here.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Reset links, verification links and the notice to an existing address's owner are sent after the answer:
      // a reset or sign-up takes as long for a registered address as for an unknown one, whatever the mail costs.
      backgroundTasks: { handler: (task) => backgroundTasks.run(task) },
    },
    session: {
      // better-auth sessions are refreshed server-side once a day and last 7 days; the client polls every 30 s.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // Sign-up never signs in by itself, so a new and an existing address get the same answer (better-auth's
      // generic response); POST /api/signup signs a newcomer in afterwards unless sign-up waits for the mailed
      // link. The owner of an existing address is told by email instead.
      autoSignIn: false,
      // Where mail proves the address (SIGNUP_VERIFY_EMAIL), an unconfirmed account cannot sign in: otherwise
      // signing in with the password just chosen would tell whether the address was free.
      requireEmailVerification: config.isSignupVerifiedByEmail,
      onExistingUserSignUp: async ({ user }) => {
        await accountMail.sendExistingAccountNotice(user.email);
      },
      sendResetPassword: async ({ user, url }) => {
        await accountMail.sendPasswordReset(user.email, url);
      },
    },
    // Without SIGNUP_VERIFY_EMAIL verification is offered, not required: an unverified shopper uses the app, but
    // only account mail reaches an unverified address.
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: config.isSignupVerifiedByEmail,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await accountMail.sendVerification(user.email, url);
      },
    },
    // A new address takes effect once the link mailed to it is opened.
    user: { changeEmail: { enabled: true } },
    // Per client address and path, counted in the database (http/throttle.ts) so limits hold across restarts and
    // instances. Per-account and per-phone-number throttles sit in front of the handler (sign-in-throttle.ts).
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customStorage: createAuthRateLimitStorage(database.db),
      customRules: {
        '/get-session': false,
        '/sign-in/*': authLimit,
        '/sign-up/*': authLimit,
        '/send-verification-email': authLimit,
        '/change-email': authLimit,
        '/change-password': authLimit,
        '/request-password-reset': authLimit,
        '/reset-password': authLimit,
        '/phone-number/send-otp': OTP_SENDS_PER_ADDRESS,
        '/phone-number/request-password-reset': OTP_SENDS_PER_ADDRESS,
        '/two-factor/send-otp': OTP_SENDS_PER_ADDRESS,
        '/passkey/generate-register-options': PASSKEY_OPTIONS_PER_ADDRESS,
        '/passkey/generate-authenticate-options': PASSKEY_OPTIONS_PER_ADDRESS,
      },
    },
    databaseHooks: {
      // A changed password ends the user's access tokens (their stamp no longer matches, access-tokens.ts): cached
      // ones must go now. A reset updates every credential row at once and ends the sessions, which tells too.
      account: {
        update: { after: async (account) => onAuthChange(account.userId) },
      },
      session: {
        // A suspended account (admin-user-account.service.ts) is refused at every way of signing in.
        create: {
          before: async (session) => {
            const profile = await database.db
              .selectFrom('profiles')
              .select(['suspended_at'])
              .where('id', '=', session.userId)
              .executeTakeFirst();
            if (profile?.suspended_at) throw new APIError('FORBIDDEN', { message: 'This account is suspended', code: 'ACCOUNT_SUSPENDED' });
          },
          after: async (session) => markSeen(session.userId),
        },
        // Signing in and better-auth's daily session refresh mark the account as seen (the operator's user list).
        update: { after: async (session) => markSeen(session.userId) },
        delete: { after: async (session) => onAuthChange(session.userId) },
      },
      user: {
        update: {
          after: async (user) => {
            // profiles.email is what the app mails and shows; it follows a confirmed change of address.
            await database.db
              .updateTable('profiles')
              .set({ email: user.email.toLowerCase() })
              .where('id', '=', user.id)
              .where('email', '!=', user.email.toLowerCase())
              .execute();
            onAuthChange(user.id);
          },
        },
        delete: { after: async (user) => onAuthChange(user.id) },
        create: {
          after: async (user) => {
            const isAdmin = config.adminEmail !== null && user.email.toLowerCase() === config.adminEmail;
            await createProfile({ id: user.id, email: user.email, fullName: user.name ?? '', isAdmin });
            if (isAdmin) logger.info({ email: user.email }, 'ADMIN_EMAIL signed up: granted the admin role');
          },
        },
      },
    },
    // No admin plugin: its endpoints (set-role, ban, impersonate, remove-user, set-user-password) would change
    // `user` behind `profiles` without an audit row. Roles live in profiles.role alone; operators use /api/admin.
    plugins: [
      twoFactor({
        issuer: 'Cartwise',
        otpOptions: {
          sendOTP: async ({ user, otp }) => {
            const phone = (user as { phoneNumber?: string | null }).phoneNumber;
            if (phone) await mailer.sendSms(phone, `Your Cartwise sign-in code is ${otp}`, [otp]);
            else
              await mailer.sendMail({ to: user.email, subject: 'Your Cartwise sign-in code', text: `Your code is ${otp}`, secrets: [otp] });
          },
        },
      }),
      phoneNumber({
        sendOTP: async ({ phoneNumber: phone, code }) => {
          await mailer.sendSms(phone, `Your Cartwise verification code is ${code}`, [code]);
        },
      }),
      passkey({ rpID: origin.hostname, rpName: 'Cartwise', origin: config.publicUrl }),
    ],
    logger: {
      log: (level, message, ...args) => {
        if (level === 'error') logger.error({ args }, `auth: ${message}`);
        else if (level === 'warn') logger.warn({ args }, `auth: ${message}`);
        else logger.debug({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
