import { mkdir, rename, writeFile } from 'node:fs/promises';
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
  files.use('stream', (mail, done) => {
    readableText(mail.message as unknown as MimePart);
    done();
  });
  logger.info({ folder }, `mail is written to ${folder} because SMTP_URL is not set`);
  return {
    send: async (id, message) => {
      const { message: raw } = (await files.sendMail(message)) as { message: Buffer };
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${id}.eml`);
      // Written aside, then renamed: whoever watches the folder never opens half a message.
      await writeFile(`${file}.partial`, raw);
      await rename(`${file}.partial`, file);
      // Where to look, for whoever runs a server without SMTP (a demo, development).
      logger.info({ file, subject: message.subject }, `mail written to ${file}`);
    },
    close: () => files.close(),
  };
}

/** What the stream step sees of nodemailer's MIME tree (its MimeNode; @types/nodemailer leaves these out). */
interface MimePart {
  getHeader(name: string): string | undefined;
  filename?: string;
  content?: unknown;
  childNodes: MimePart[];
  getTransferEncoding(): string | false;
}

/** RFC 5322's limit on a line, without its line break. */
const MAX_LINE_BYTES = 998;

/**
 * The text and HTML of a mail written to a file, unencoded: 7bit when it is ASCII, 8bit otherwise.
 * nodemailer quoted-printable-encodes any part with a line over 76 characters, which writes each
 * `=` as `=3D` and breaks long lines with a trailing `=`, so a sign-in link copied from the .eml
 * opened in an editor did not work. A part with a line over 998 bytes keeps its encoding. nodemailer
 * takes no transfer encoding but its own choice for text, so the part's choice is replaced here, in
 * the `stream` step nodemailer offers for changing a compiled message. Over SMTP nothing changes:
 * quoted-printable is the safe choice for relays, and mail clients decode it.
 */
function readableText(part: MimePart): void {
  for (const child of part.childNodes) readableText(child);
  const { filename, content } = part;
  const contentType = String(part.getHeader('Content-Type') ?? '');
  if (filename || part.getHeader('Content-Disposition') || typeof content !== 'string' || !/^text\/(plain|html)\b/i.test(contentType)) return;
  if (content.includes('\r') || content.split('\n').some((line) => Buffer.byteLength(line) > MAX_LINE_BYTES)) return;
  const encoding = /^[\x01-\x7f]*$/.test(content) ? '7bit' : '8bit';
  part.getTransferEncoding = () => encoding;
}
