import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { outboxMailer, smtpMailer } from './mailer.js';

const mail = {
  to: 'ann@example.com',
  subject: 'Hello',
  text: 'Open http://x.test/a?code=1',
  html: '<p>hi</p>',
};

describe('mailer', () => {
  it('writes <time>-<to>.eml to the outbox and logs the links', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ra-outbox-'));
    const logged: object[] = [];
    await outboxMailer(dir, 'RideAlong <no-reply@r.test>', { info: (o) => logged.push(o) }).send(
      mail,
    );
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-ann@example\.com\.eml$/);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('To: ann@example.com');
    expect(logged[0]).toMatchObject({ links: ['http://x.test/a?code=1'] });
  });

  it('delivers over SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.server.address() as AddressInfo).port;
    try {
      await smtpMailer(`smtp://127.0.0.1:${port}`, 'RideAlong <no-reply@r.test>').send(mail);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Hello');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
