import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { logger } from '../shared/logger.js';

export interface MailTransport {
  send(id: string, message: Mail.Options): Promise<void>;
  close(): void;
}

/**
 * Where mail goes: the SMTP server of `smtpUrl`, or, without one (development, demos), `.eml`
 * files in `<dataDir>/mail/` that any mail client opens.
 */
export function mailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    const { host, port } = new URL(options.smtpUrl);
    logger.info({ host, port }, 'mail is delivered over SMTP');
    return {
      send: async (_id, message) => {
        await smtp.sendMail(message);
      },
      close: () => smtp.close(),
    };
  }
  const folder = join(resolve(options.dataDir), 'mail');
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  logger.info({ folder }, `mail is written to ${folder} because SMTP_URL is not set`);
  return {
    send: async (id, message) => {
      const { message: raw } = (await files.sendMail(message)) as { message: Buffer };
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${id}.eml`), raw);
    },
    close: () => files.close(),
  };
}
