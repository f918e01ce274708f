import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId, nowIso } from '../db/ids';
import type { Logger } from '../logger';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  sendMail(mail: OutgoingMail): Promise<void>;
  /** Phone one-time codes go through this provider hook; by default they land in the development outbox. */
  sendSms(to: string, body: string): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; every message is also kept in the outbox table so operators
 * (and developers without SMTP) can read what was sent.
 */
export function createMailer(options: { db: Kysely<Database>; smtpUrl: string | null; from: string; logger: Logger }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  async function record(channel: 'email' | 'sms', recipient: string, subject: string, body: string, status: string) {
    await options.db
      .insertInto('outbox_messages')
      .values({ id: createId(), channel, recipient, subject, body, status, created_at: nowIso() })
      .execute();
  }
  return {
    async sendMail(mail) {
      if (transport) {
        try {
          await transport.sendMail({ from: options.from, ...mail });
          await record('email', mail.to, mail.subject, mail.text, 'sent');
          return;
        } catch (err) {
          options.logger.error({ err, to: mail.to, subject: mail.subject }, 'SMTP send failed');
          await record('email', mail.to, mail.subject, mail.text, 'failed');
          throw err;
        }
      }
      await record('email', mail.to, mail.subject, mail.text, 'stored');
      options.logger.info({ to: mail.to, subject: mail.subject, body: mail.text }, 'mail stored in development outbox');
    },
    async sendSms(to, body) {
      await record('sms', to, '', body, 'stored');
      options.logger.info({ to, body }, 'sms stored in development outbox');
    },
  };
}
