import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

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
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._+-]/g, '_');
      const file = path.join(dir, `${stamp}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, file, links }, `mail written to outbox: ${mail.subject}`);
    },
  };
}
