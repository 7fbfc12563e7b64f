import nodemailer from 'nodemailer';
import type { Outbox } from './index';

/**
 * Email through SMTP when SMTP_URL is set. WhatsApp has no provider here, so those messages still go to the file
 * outbox; an email is recorded there too, as metadata only (the file outbox is built with `keepSecrets`).
 */
export function createSmtpOutbox(smtpUrl: string, from: string, fallback: Outbox): Outbox {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    sent: fallback.sent,
    async send(input) {
      if (input.channel === 'email') {
        await transport.sendMail({ from, to: input.to, subject: input.subject, text: input.body });
      }
      return fallback.send(input);
    },
  };
}
