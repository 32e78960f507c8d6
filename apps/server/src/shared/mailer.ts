import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { ensurePrivateDir, makePrivate, PRIVATE_FILE_MODE } from './private-files.ts';

export interface MailMessage {
  to: string;
  /** Where a reply goes when it is not the sender (a report: the user who wrote it). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real email through SMTP when SMTP_URL is set; otherwise every message is written as an .eml file
 * under DATA_DIR/outbox (and its path logged), so every flow stays testable without a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'email sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await ensurePrivateDir(outbox);
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`,
      );
      // The message may hold a password-reset link: owner-only.
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await makePrivate(file);
      options.log.info({ to: message.to, subject: message.subject, file }, 'email written to outbox');
    },
  };
}
