import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@ridealong/contracts';
import { backends, linkFrom, startServer, uniqueEmail, type TestServer } from './harness.js';

describe.each(backends)('accounts on $name', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(() => s.close());

  async function verifiedMember(password = 'secret12') {
    const email = uniqueEmail();
    expect(
      (await s.post('/api/v1/signup', { username: 'Ann Rider', email, password })).status,
    ).toBe(201);
    const code = new URL(linkFrom(await s.lastMailTo(email), '/email-verified')).searchParams.get(
      'code',
    );
    expect((await s.post('/api/v1/verify-email', { code })).status).toBe(200);
    const res = await s.post('/api/v1/email-signin', { email, password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: number } };
    return { email, password, id: body.user.id, token: res.headers.get('x-auth-token') ?? '' };
  }

  it('signs up, refuses sign-in until the emailed link is opened, then signs in', async () => {
    const email = uniqueEmail();
    const signup = await s.post('/api/v1/signup', { username: 'Ann', email, password: 'secret12' });
    expect(signup.status).toBe(201);

    const early = await s.post('/api/v1/email-signin', { email, password: 'secret12' });
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ status: 'failure', message: AUTH_MESSAGES.unverified });

    const link = linkFrom(await s.lastMailTo(email), '/email-verified');
    expect(link.startsWith('http://ride.test/email-verified?code=')).toBe(true);
    const code = new URL(link).searchParams.get('code');
    expect((await s.post('/api/v1/verify-email', { code })).status).toBe(200);
    // Single use.
    const again = await s.post('/api/v1/verify-email', { code });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe(
      AUTH_MESSAGES.verifyLinkInvalid,
    );

    const res = await s.post('/api/v1/email-signin', {
      email: email.toUpperCase(),
      password: 'secret12',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-auth-token')).toMatch(/^[\w-]{40,}$/);
    const body = (await res.json()) as { status: string; user: Record<string, unknown> };
    expect(body.status).toBe('success');
    expect(body.user).toMatchObject({
      email,
      display_name: 'Ann',
      login_count: 1,
      account_level: 'trial',
      email_verified: true,
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('answers 409 with the exact message when the email is taken (any case)', async () => {
    const email = uniqueEmail();
    await s.post('/api/v1/signup', { username: 'A', email, password: 'secret12' });
    const res = await s.post('/api/v1/signup', {
      username: 'B',
      email: email.toUpperCase(),
      password: 'secret12',
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ status: 'failure', message: AUTH_MESSAGES.emailTaken });
  });

  it('gives the same message for an unknown email and a wrong password', async () => {
    const m = await verifiedMember();
    const wrong = await s.post('/api/v1/email-signin', { email: m.email, password: 'nope-nope' });
    const unknown = await s.post('/api/v1/email-signin', {
      email: uniqueEmail('ghost'),
      password: 'nope-nope',
    });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ status: 'failure', message: AUTH_MESSAGES.badCredentials });
    }
  });

  it('rejects bad input with 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ username: '', email: 'a@b.co', password: 'secret12' }, 'body.username: Required'],
      [{ username: 'x', email: 'nope', password: 'secret12' }, 'body.email: Invalid Email'],
      [
        { username: 'x', email: 'a@b.co', password: '123' },
        'body.password: Password must be at least 6 characters long',
      ],
      [{ email: 'a@b.co', password: 'secret12' }, 'body.username'],
      ['just a string', 'body'],
      [
        { username: 'x'.repeat(61), email: 'a@b.co', password: 'secret12' },
        'body.username: must be at most 60 characters',
      ],
      // Characters that are not valid in an address (document 000 only asked for an @ and a dot).
      ...[
        'a b@example.com',
        '<a>@example.com',
        'a,b@example.com',
        '"a"@example.com',
        'ü@example.com',
      ].map((email): [unknown, string] => [
        { username: 'x', email, password: 'secret12' },
        'body.email: Invalid Email',
      ]),
    ];
    for (const [body, message] of cases) {
      const res = await s.post('/api/v1/signup', body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { status: string; message: string };
      expect(json.status).toBe('failure');
      expect(json.message).toContain(message);
    }
    const badJson = await fetch(`${s.baseUrl}/api/v1/email-signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(badJson.status).toBe(400);
  });

  it('recovers a password with a single-use link; answers the same for unknown emails', async () => {
    const m = await verifiedMember();
    const known = await s.post('/api/v1/initiate-password-recovery', { email: m.email });
    const unknown = await s.post('/api/v1/initiate-password-recovery', {
      email: uniqueEmail('ghost'),
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());

    const link = linkFrom(await s.lastMailTo(m.email), '/change-password/');
    const code = decodeURIComponent(link.split('/change-password/')[1] ?? '');

    const mismatch = await s.post('/api/v1/update-password', {
      password: 'newpass1',
      password_confirmation: 'newpass2',
      code,
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({
      status: 'failure',
      message: AUTH_MESSAGES.passwordsMustMatch,
    });

    const ok = await s.post('/api/v1/update-password', {
      password: 'newpass1',
      password_confirmation: 'newpass1',
      code,
    });
    expect(ok.status).toBe(200);
    const reused = await s.post('/api/v1/update-password', {
      password: 'newpass3',
      password_confirmation: 'newpass3',
      code,
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { message: string }).message).toBe(
      AUTH_MESSAGES.resetLinkInvalid,
    );

    // The old session ended with the reset; old password no longer works, the new one does.
    expect((await s.get(`/api/v1/users/${m.id}`, m.token)).status).toBe(200);
    expect(await (await s.get(`/api/v1/users/${m.id}`, m.token)).json()).not.toHaveProperty(
      'email',
    );
    expect(
      (await s.post('/api/v1/email-signin', { email: m.email, password: m.password })).status,
    ).toBe(401);
    expect(
      (await s.post('/api/v1/email-signin', { email: m.email, password: 'newpass1' })).status,
    ).toBe(200);
  });

  it('revokes the token on logout', async () => {
    const m = await verifiedMember();
    const mine = await s.get(`/api/v1/users/${m.id}`, m.token);
    expect(await mine.json()).toHaveProperty('email', m.email);
    expect((await s.post('/api/v1/logout', undefined, m.token)).status).toBe(200);
    const after = await s.put(`/api/v1/user/${m.id}/update`, { display_name: 'Changed' }, m.token);
    expect(after.status).toBe(401);
    expect((await s.post('/api/v1/logout', undefined, m.token)).status).toBe(401);
  });

  it('lets only the user change their own profile, and only member fields', async () => {
    const a = await verifiedMember();
    const b = await verifiedMember();
    const ok = await s.put(
      `/api/v1/user/${a.id}/update`,
      {
        display_name: 'Annie',
        weight: 64.5,
        accepted_terms_and_conditions: true,
        enter_demo_mode_at: 300,
        strava_auto_save: true,
      },
      a.token,
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: unknown }).user).toMatchObject({
      display_name: 'Annie',
      weight: 64.5,
      accepted_terms_and_conditions: true,
      enter_demo_mode_at: 300,
      strava_auto_save: true,
    });

    const other = await s.put(`/api/v1/user/${b.id}/update`, { display_name: 'Hacked' }, a.token);
    expect(other.status).toBe(403);
    const anon = await s.put(`/api/v1/user/${a.id}/update`, { display_name: 'Anon' });
    expect(anon.status).toBe(401);
    const missing = await s.put(`/api/v1/user/99999999/update`, { display_name: 'Ghost' }, a.token);
    expect(missing.status).toBe(404);

    for (const body of [
      { account_level: 'pro' },
      { login_count: 99 },
      { email: 'x@y.zz' },
      { display_name: 'ab' },
      { enter_demo_mode_at: 7 },
    ]) {
      const res = await s.put(`/api/v1/user/${a.id}/update`, body, a.token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { status: string }).status).toBe('failure');
    }
    const short = await s.put(`/api/v1/user/${a.id}/update`, { display_name: 'ab' }, a.token);
    expect(((await short.json()) as { message: string }).message).toBe(
      'body.display_name: Must be 3 characters or more',
    );

    const me = (await (await s.get(`/api/v1/users/${a.id}`, a.token)).json()) as Record<
      string,
      unknown
    >;
    expect(me).toMatchObject({ display_name: 'Annie', account_level: 'trial', login_count: 1 });
  });

  it('shows others only the public profile; unknown ids are 404, bad ids 400', async () => {
    const a = await verifiedMember();
    const b = await verifiedMember();
    const pub = (await (await s.get(`/api/v1/users/${a.id}`, b.token)).json()) as Record<
      string,
      unknown
    >;
    expect(pub).toMatchObject({ id: a.id, display_name: 'Ann Rider' });
    for (const hidden of ['email', 'strava_access_token', 'login_count', 'account_level'])
      expect(pub).not.toHaveProperty(hidden);
    expect((await s.get('/api/v1/users/99999999')).status).toBe(404);
    const bad = await s.get('/api/v1/users/abc');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('params.id');
  });

  it('answers unknown API paths with a 404 failure body', async () => {
    const res = await s.get('/api/v1/no-such-call');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { status: string }).status).toBe('failure');
  });

  it('reports health from the database and serves the OpenAPI document', async () => {
    expect(await (await s.get('/healthz')).json()).toEqual({ status: 'ok', database: true });
    const doc = (await (await s.get('/api/docs/json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/signup',
        '/api/v1/email-signin',
        '/api/v1/users/{id}',
        '/api/v1/user/{userId}/update',
      ]),
    );
  });
});
