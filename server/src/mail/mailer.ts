import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId, nowIso } from '../db/ids';
import type { Logger } from '../logger';
import { redactSecrets } from './redact-secrets';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Parts of the text that let the reader act as the recipient (reset links, codes): never logged or shown. */
  secrets?: string[];
}

export interface Mailer {
  sendMail(mail: OutgoingMail): Promise<void>;
  /** Phone one-time codes go through SMS_WEBHOOK_URL; without it they land in the development outbox. */
  sendSms(to: string, body: string, secrets?: string[]): Promise<void>;
}

export interface MailerOptions {
  db: Kysely<Database>;
  smtpUrl: string | null;
  smsWebhookUrl: string | null;
  from: string;
  logger: Logger;
  /** DEV_OUTBOX_SECRETS: keep links and codes in the outbox as sent; otherwise they are stored redacted. */
  isShowingSecrets: boolean;
}

/**
 * Sends mail through SMTP when SMTP_URL is set and texts through SMS_WEBHOOK_URL when set. Only what has no transport
 * is kept in the outbox table, for developers to read, without its links and codes unless DEV_OUTBOX_SECRETS=true, so
 * an operator reading the outbox cannot reset someone's password. Logs name the recipient and subject, never the body.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  async function keepInOutbox(channel: 'email' | 'sms', recipient: string, subject: string, body: string, secrets: string[] = []) {
    const kept = options.isShowingSecrets ? body : redactSecrets(body, secrets);
    await options.db
      .insertInto('outbox_messages')
      .values({ id: createId(), channel, recipient, subject, body: kept, status: 'stored', created_at: nowIso() })
      .execute();
  }
  return {
    async sendMail({ secrets, ...mail }) {
      if (!transport) {
        await keepInOutbox('email', mail.to, mail.subject, mail.text, secrets);
        options.logger.info({ to: mail.to, subject: mail.subject }, 'mail stored in development outbox');
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
      } catch (err) {
        options.logger.error({ err, to: mail.to, subject: mail.subject }, 'SMTP send failed');
        throw err;
      }
    },
    async sendSms(to, body, secrets) {
      if (!options.smsWebhookUrl) {
        await keepInOutbox('sms', to, '', body, secrets);
        options.logger.info({ to }, 'sms stored in development outbox');
        return;
      }
      const response = await fetch(options.smsWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(10_000),
      }).catch((err: unknown) => {
        options.logger.error({ err, to }, 'SMS send failed');
        throw err;
      });
      if (!response.ok) {
        options.logger.error({ status: response.status, to }, 'SMS provider refused the message');
        throw new Error(`SMS provider answered ${response.status}`);
      }
    },
  };
}
