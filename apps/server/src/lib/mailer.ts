import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { sha256 } from './secrets.js';

export type Mail = { to: string; subject: string; text: string; html: string };

/** Sends mail. Production wires SMTP; without SMTP_URL mails land in the outbox folder. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

type Log = { info: (obj: object, msg: string) => void };

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Writes each mail as `<dir>/<time>-<to>.eml` and logs its links, for development and tests. */
export function outboxMailer(dir: string, from: string, log: Log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${outboxName(mail.to)}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, file, links }, `mail written to outbox: ${mail.subject}`);
    },
  };
}

/** The longest address kept whole in a file name (names stop at 255 bytes; addresses at 254). */
const OUTBOX_NAME_MAX = 180;

/** The address as a file name part: other characters become '_', a long one is cut and hashed. */
export function outboxName(to: string): string {
  const safe = to.replace(/[^a-zA-Z0-9@._+-]/g, '_');
  if (safe.length <= OUTBOX_NAME_MAX) return safe;
  return `${safe.slice(0, OUTBOX_NAME_MAX - 17)}~${sha256(to).slice(0, 16)}`;
}
