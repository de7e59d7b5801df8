import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopSigninCodes } from '../src/db/schema.js';
import { LENIENT_LIMITS, signUpMember, type Member } from './billing-fixtures.js';
import { backends, startServer, type TestServer } from './harness.js';

const CALLBACK = 'http://127.0.0.1:50123/signin/callback';
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/**
 * The desktop app's sign-in through the system browser (docs/desktop-accounts.md): a signed-in
 * browser gets a one-time code for the app's loopback callback; the app exchanges it with its
 * PKCE verifier for a session of its own.
 */
describe.each(backends)('desktop sign-in hand-off on $name', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend, LENIENT_LIMITS);
  });
  afterAll(() => s.close());

  async function handoff(m: Member, challenge: string, over: Record<string, unknown> = {}) {
    return s.post(
      '/api/v1/auth/desktop-handoff',
      { redirect_uri: CALLBACK, state: 'st4te', code_challenge: challenge, ...over },
      m.token,
    );
  }
  async function codeFor(m: Member, challenge: string) {
    const res = await handoff(m, challenge);
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { url: string }).url);
    return url.searchParams.get('code') ?? '';
  }
  const exchange = (code: string, code_verifier: string) =>
    s.post('/api/v1/auth/desktop-exchange', { code, code_verifier });

  it("sends the browser to the app's callback with a code the app trades for a session", async () => {
    const m = await signUpMember(s);
    const { verifier, challenge } = pkce();
    const res = await handoff(m, challenge);
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toBe('st4te');
    const code = url.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[\w-]{43}$/);

    const signed = await exchange(code, verifier);
    expect(signed.status).toBe(200);
    const body = (await signed.json()) as { user: { id: number; email: string } };
    expect(body.user).toMatchObject({ id: m.id, email: m.email });
    const token = signed.headers.get('x-auth-token') ?? '';
    expect(token).not.toBe('');
    expect(token).not.toBe(m.token);
    // A session of its own: it works, and the browser's stays.
    expect((await s.get(`/api/v1/users/${m.id}`, token)).status).toBe(200);
    expect((await s.get(`/api/v1/users/${m.id}`, m.token)).status).toBe(200);
    // Stored hashed only.
    const rows = await s.database.db.select().from(desktopSigninCodes);
    expect(rows.some((r) => r.codeHash === code)).toBe(false);
  });

  it('a code works once, only with its verifier, and not after two minutes', async () => {
    const m = await signUpMember(s);
    const a = pkce();
    const code = await codeFor(m, a.challenge);
    expect((await exchange(code, a.verifier)).status).toBe(200);
    const replay = await exchange(code, a.verifier);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('x-auth-token')).toBeNull();

    // A wrong verifier spends the code: a stolen code is one guess.
    const b = pkce();
    const stolen = await codeFor(m, b.challenge);
    expect((await exchange(stolen, pkce().verifier)).status).toBe(400);
    expect((await exchange(stolen, b.verifier)).status).toBe(400);

    const c = pkce();
    const late = await codeFor(m, c.challenge);
    await s.database.db.update(desktopSigninCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await exchange(late, c.verifier)).status).toBe(400);
  });

  it('refuses guests, callbacks off this machine and absurd values', async () => {
    const m = await signUpMember(s);
    const { challenge } = pkce();
    const guest = await s.post('/api/v1/auth/desktop-handoff', {
      redirect_uri: CALLBACK,
      state: 's',
      code_challenge: challenge,
    });
    expect(guest.status).toBe(401);
    for (const redirect_uri of [
      'https://evil.test/signin/callback',
      'http://127.0.0.1/signin/callback',
      'http://10.0.0.1:5000/cb',
      'http://user:pw@127.0.0.1:5000/cb',
      'http://127.0.0.1:5000/cb#x',
      'javascript:alert(1)',
      'x'.repeat(501),
    ]) {
      expect((await handoff(m, challenge, { redirect_uri })).status).toBe(400);
    }
    for (const code_challenge of ['short', 'a'.repeat(129), `${'a'.repeat(42)}=`, '']) {
      expect((await handoff(m, challenge, { code_challenge })).status).toBe(400);
    }
    expect((await handoff(m, challenge, { state: 'x'.repeat(201) })).status).toBe(400);
    expect((await handoff(m, challenge, { state: '' })).status).toBe(400);

    const { verifier } = pkce();
    expect((await exchange('made-up-code', verifier)).status).toBe(400);
    expect((await exchange('a'.repeat(201), verifier)).status).toBe(400);
    expect((await exchange('', verifier)).status).toBe(400);
    expect((await exchange('code', 'short')).status).toBe(400);
    expect((await s.post('/api/v1/auth/desktop-exchange', {})).status).toBe(400);
    expect(
      (await s.post('/api/v1/auth/desktop-exchange', { code: ['a'], code_verifier: {} })).status,
    ).toBe(400);
  });

  it("one member's code signs in that member only, whoever presents it", async () => {
    const a = await signUpMember(s);
    const b = await signUpMember(s);
    const p = pkce();
    const code = await codeFor(a, p.challenge);
    const res = await s.post(
      '/api/v1/auth/desktop-exchange',
      { code, code_verifier: p.verifier, user_id: b.id },
      b.token,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { id: number } }).user.id).toBe(a.id);
  });
});
