import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, uniqueEmail, type TestServer } from './harness.js';

type FakeUser = { sub: string; email: string; name: string };

/** A local stand-in for Google's tokeninfo/userinfo and Facebook's debug_token and /me. */
async function fakeProviders(
  tokens: Map<string, FakeUser>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const bearer = req.headers.authorization?.replace('Bearer ', '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/oauth2/v3/tokeninfo') {
      const u = tokens.get(url.searchParams.get('access_token') ?? '');
      return u
        ? send(200, { aud: 'google-client', azp: 'google-client', sub: u.sub })
        : send(400, { error: 'invalid_token' });
    }
    if (url.pathname === '/oauth2/v3/userinfo') {
      const u = tokens.get(bearer ?? '');
      return u
        ? send(200, {
            sub: u.sub,
            email: u.email,
            email_verified: true,
            name: u.name,
            picture: 'https://img.test/p.png',
          })
        : send(401, {});
    }
    if (url.pathname === '/debug_token') {
      const u = tokens.get(url.searchParams.get('input_token') ?? '');
      const appOk = url.searchParams.get('access_token') === 'fb-app|fb-secret';
      return send(200, {
        data: { app_id: 'fb-app', is_valid: Boolean(u) && appOk, user_id: u?.sub },
      });
    }
    if (url.pathname === '/me') {
      const u = tokens.get(url.searchParams.get('access_token') ?? '');
      return u ? send(200, { id: u.sub, email: u.email, name: u.name }) : send(400, {});
    }
    send(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.each(backends)('social sign-in on $name', (backend) => {
  const tokens = new Map<string, FakeUser>();
  let fake: { url: string; server: Server };
  let s: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    fake = await fakeProviders(tokens);
    s = await startServer(backend, {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_API_BASE_URL: fake.url,
      FACEBOOK_APP_ID: 'fb-app',
      FACEBOOK_APP_SECRET: 'fb-secret',
      FACEBOOK_GRAPH_URL: fake.url,
    });
    off = await startServer(backend);
  });
  afterAll(async () => {
    await s.close();
    await off.close();
    fake.server.close();
  });

  it('creates a verified account from a Google token and signs the same person in again', async () => {
    const email = uniqueEmail('g');
    tokens.set('g-token-1', { sub: `g-${email}`, email, name: 'Gina Climber' });
    const first = await s.post('/api/v1/auth/google', { access_token: 'g-token-1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-auth-token')).toBeTruthy();
    const body = (await first.json()) as {
      user: {
        id: number;
        email: string;
        photo_url: string;
        email_verified: boolean;
        login_count: number;
        current_period_end_date: string;
      };
    };
    expect(body.user).toMatchObject({
      email,
      photo_url: 'https://img.test/p.png',
      email_verified: true,
      login_count: 1,
      account_level: 'trial',
    });
    // A new account starts the TRIAL_DAYS (default 14) trial, as an email sign-up does.
    const trialEnd = Date.parse(body.user.current_period_end_date) - Date.now();
    expect(Math.abs(trialEnd - 14 * 86_400_000)).toBeLessThan(60_000);

    const again = (await (
      await s.post('/api/v1/auth/google', { access_token: 'g-token-1' })
    ).json()) as typeof body;
    expect(again.user.id).toBe(body.user.id);
    expect(again.user.login_count).toBe(2);
  });

  it('links Facebook to an existing email account and drops a password nobody verified', async () => {
    const email = uniqueEmail('fb');
    expect(
      (await s.post('/api/v1/signup', { username: 'Squatter', email, password: 'secret12' }))
        .status,
    ).toBe(201);
    tokens.set('fb-token-1', { sub: `fb-${email}`, email, name: 'Real Owner' });
    const res = await s.post('/api/v1/auth/facebook', { access_token: 'fb-token-1' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(email);
    // Whoever made the unverified account cannot sign in with its password any more.
    expect((await s.post('/api/v1/email-signin', { email, password: 'secret12' })).status).toBe(
      401,
    );
  });

  it('refuses tokens the provider does not vouch for', async () => {
    for (const p of ['google', 'facebook']) {
      const res = await s.post(`/api/v1/auth/${p}`, { access_token: 'forged' });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { status: string }).status).toBe('failure');
    }
    expect((await s.post('/api/v1/auth/google', {})).status).toBe(400);
  });

  it('answers 503 with a clear message when a provider is not configured', async () => {
    const res = await off.post('/api/v1/auth/google', { access_token: 'x' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'failure',
      message: 'Google sign-in is not configured on this server.',
    });
    expect((await off.post('/api/v1/auth/facebook', { access_token: 'x' })).status).toBe(503);
  });
});
