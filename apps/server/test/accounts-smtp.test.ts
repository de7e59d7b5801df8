import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import type { FastifyInstance } from 'fastify';
import { type Mailer, outboxMailer, smtpMailer } from '../src/lib/mailer.js';
import { backends, linkFrom, listenApp, uniqueEmail, type Backend } from './harness.js';

/** A loopback port nothing listens on: SMTP connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Issue 21: a sign-up whose verification mail cannot be sent (the SMTP server refuses) keeps
 * the account, says so in a 201, and POST /resend-verification sends the link once mail works.
 */
describe.each(backends)('sign-up while mail cannot be sent on $name', (backend: Backend) => {
  let app: FastifyInstance;
  let baseUrl: string;
  let database: Awaited<ReturnType<Backend['open']>>;
  let dataDir: string;
  let outboxDir: string;
  let smtpDown = true;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ra-smtp-'));
    outboxDir = path.join(dataDir, 'outbox');
    database = await backend.open();
    const refused = smtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'ride@example.com');
    const outbox = outboxMailer(outboxDir, 'ride@example.com', { info: () => undefined });
    const mailer: Mailer = { send: (mail) => (smtpDown ? refused : outbox).send(mail) };
    ({ app, baseUrl } = await listenApp({ database, dataDir, mailer }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const mailsTo = async (to: string) =>
    (await readdir(outboxDir).catch(() => [])).filter((f) => f.endsWith(`-${to}.eml`));

  it('keeps the account, answers 201 saying the mail failed, and sends it again on request', async () => {
    const email = uniqueEmail('smtp');
    const password = 'secret12';
    smtpDown = true;
    expect(await post('/signup', { username: 'Sam', email, password })).toEqual({
      status: 201,
      body: {
        status: 'success',
        message: AUTH_MESSAGES.registeredMailFailed,
        verification_mail_sent: false,
      },
    });
    // The account exists: the same email is taken, and sign-in asks for the verification.
    expect((await post('/signup', { username: 'Sam', email, password })).status).toBe(409);
    expect(await post('/email-signin', { email, password })).toEqual({
      status: 403,
      body: { status: 'failure', message: AUTH_MESSAGES.unverified },
    });

    // Still down: a clear 503, never a 500.
    expect(await post('/resend-verification', { email })).toEqual({
      status: 503,
      body: { status: 'failure', message: AUTH_MESSAGES.mailFailed },
    });

    smtpDown = false;
    expect(await post('/resend-verification', { email })).toEqual({
      status: 200,
      body: { status: 'success', message: AUTH_MESSAGES.verificationResent },
    });
    const files = await mailsTo(email);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    const code = new URL(linkFrom(eml, '/email-verified')).searchParams.get('code');
    expect((await post('/verify-email', { code })).status).toBe(200);
    expect((await post('/email-signin', { email, password })).status).toBe(200);

    // Verified now: the same answer, and no mail.
    expect(await post('/resend-verification', { email })).toEqual({
      status: 200,
      body: { status: 'success', message: AUTH_MESSAGES.verificationResent },
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('answers an unknown email as a known one, without mail', async () => {
    smtpDown = false;
    const email = uniqueEmail('nobody');
    expect(await post('/resend-verification', { email })).toEqual({
      status: 200,
      body: { status: 'success', message: AUTH_MESSAGES.verificationResent },
    });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('says the mail was sent when it was', async () => {
    smtpDown = false;
    const email = uniqueEmail('fine');
    expect(await post('/signup', { username: 'Fay', email, password: 'secret12' })).toEqual({
      status: 201,
      body: { status: 'success', message: AUTH_MESSAGES.registered, verification_mail_sent: true },
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const res = await post('/resend-verification', { email: 42 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('body.email');
  });
});
