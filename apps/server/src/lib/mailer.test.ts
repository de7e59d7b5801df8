import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { outboxMailer, outboxName, smtpMailer } from './mailer.js';

const mail = {
  to: 'ann@example.com',
  subject: 'Hello',
  text: 'Open http://x.test/a?code=1',
  html: '<p>hi</p>',
};

describe('mailer', () => {
  it('writes the longest valid address to the outbox under a name the file system takes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ra-outbox-'));
    const to = `a@${'a.'.repeat(125)}co`;
    expect(to.length).toBe(254);
    await outboxMailer(dir, 'x@r.test', { info: () => undefined }).send({ ...mail, to });
    const [file] = await readdir(dir);
    expect(Buffer.byteLength(file!)).toBeLessThan(255);
    expect(await readFile(path.join(dir, file!), 'utf8')).toContain('Subject: Hello');
    // Short addresses keep their name (the tests find mail by it); odd characters become '_'.
    expect(outboxName('ann@example.com')).toBe('ann@example.com');
    expect(outboxName('a/b@example.com')).toBe('a_b@example.com');
    expect(outboxName(to)).not.toBe(outboxName(`${to.slice(0, -3)}.de`));
  });

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
