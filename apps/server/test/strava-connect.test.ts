import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRAVA_CONNECTED, STRAVA_MESSAGES, type User } from '@ridealong/contracts';
import { loadConfig } from '../src/config.js';
import { stravaAccounts } from '../src/db/schema.js';
import { standinRoutes } from '../src/standins/strava/routes.js';
import { stravaConnect, type StravaConnect } from '../src/modules/strava/connect.js';
import { oauthState } from '../src/modules/strava/oauth-state.js';
import { deriveKey, tokenCipher } from '../src/modules/strava/token-crypto.js';
import { fetchUser, LENIENT_LIMITS, signUpMember, type Member } from './billing-fixtures.js';
import { FAKE_CLIENT, fakeStravaOAuth, type FakeStravaOAuth } from './fake-strava-oauth.js';
import { backends, startServer, type TestServer } from './harness.js';

const KEY = 'test-strava-token-key-0123456789abcdef';
const TOKEN_FIELDS = [
  'strava_access_token',
  'strava_refresh_token',
  'strava_access_token_expires_at',
] as const;
const silent = { warn: () => undefined };

describe.each(backends)('Strava connect on $name', (backend) => {
  let fake: FakeStravaOAuth;
  let s: TestServer;
  let scratch: string;
  /** Two more "processes" on the same database and key: what uploads would use. */
  let procA: StravaConnect;
  let procB: StravaConnect;

  beforeAll(async () => {
    fake = await fakeStravaOAuth();
    const env = {
      ...LENIENT_LIMITS,
      STRAVA_CLIENT_ID: FAKE_CLIENT.id,
      STRAVA_CLIENT_SECRET: FAKE_CLIENT.secret,
      STRAVA_BASE_URL: fake.url,
      STRAVA_TOKEN_KEY: KEY,
    };
    s = await startServer(backend, env);
    scratch = await mkdtemp(path.join(tmpdir(), 'ra-strava-'));
    const config = loadConfig({ ...env, DATA_DIR: scratch, PUBLIC_URL: 'http://ride.test' });
    procA = await stravaConnect({ config, db: s.database.db, log: silent, standIn: standinRoutes });
    procB = await stravaConnect({ config, db: s.database.db, log: silent, standIn: standinRoutes });
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
    await rm(scratch, { recursive: true, force: true });
  });

  async function authorize(m: Member, query = 'target=web') {
    const res = await s.get(`/api/v1/strava/authorize?${query}`, m.token);
    return {
      status: res.status,
      body: (await res.json()) as { url: string; state: string; message?: string },
    };
  }
  async function connect(m: Member, body: Record<string, unknown>) {
    const res = await s.post('/api/v1/auth/strava', { user_id: m.id, ...body }, m.token);
    return { status: res.status, text: await res.text() };
  }
  /** A member connected through the web flow; their tokens are the fake's newest. */
  async function connected(): Promise<{ m: Member; tokens: { access: string; refresh: string } }> {
    const m = await signUpMember(s);
    const { body } = await authorize(m);
    const r = await connect(m, {
      code: fake.code(),
      state: body.state,
      scope: 'read,activity:write,read_all',
    });
    expect(r.status).toBe(200);
    const tokens = fake.issued.at(-1);
    if (!tokens) throw new Error('no tokens issued');
    return { m, tokens };
  }
  const accountOf = async (id: number) =>
    (await s.database.db.select().from(stravaAccounts).where(eq(stravaAccounts.userId, id)))[0];
  /** The member's tokens must appear nowhere in an answer. */
  function expectNoTokens(text: string, tokens: { access: string; refresh: string }) {
    expect(text).not.toContain(tokens.access);
    expect(text).not.toContain(tokens.refresh);
  }
  function expectTokenFieldsNull(user: User) {
    for (const f of TOKEN_FIELDS) expect(user[f]).toBeNull();
  }

  it('asks a guest to log in', async () => {
    expect((await s.get('/api/v1/strava/authorize')).status).toBe(401);
    expect((await s.post('/api/v1/auth/strava', { code: 'x', user_id: 1 })).status).toBe(401);
    expect((await s.post('/api/v1/strava/disconnect', {})).status).toBe(401);
  });

  it("answers Strava's authorisation page with client id, scopes, callback and a state", async () => {
    const m = await signUpMember(s);
    const web = await authorize(m);
    expect(web.status).toBe(200);
    const url = new URL(web.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: FAKE_CLIENT.id,
      response_type: 'code',
      redirect_uri: 'http://ride.test/portal-redirect/strava',
      approval_prompt: 'auto',
      scope: 'read_all,activity:write',
      state: web.body.state,
    });
    const desktop = await authorize(
      m,
      `target=desktop&redirect_uri=${encodeURIComponent('http://127.0.0.1:47123/strava/callback')}`,
    );
    expect(desktop.status).toBe(200);
    expect(new URL(desktop.body.url).searchParams.get('redirect_uri')).toBe(
      'http://127.0.0.1:47123/strava/callback',
    );
    for (const bad of ['https://evil.example/cb', 'http://evil.example:80/cb', '']) {
      const r = await authorize(m, `target=desktop&redirect_uri=${encodeURIComponent(bad)}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(STRAVA_MESSAGES.desktopRedirect);
    }
    // Only the desktop app's own local callback: never a browser without the member's session.
    const bare = await authorize(m, 'target=desktop');
    expect([bare.status, bare.body.message]).toEqual([400, STRAVA_MESSAGES.desktopNoCallback]);
    expect((await authorize(m, 'target=phone')).status).toBe(400);
  });

  it('exchanges the code and keeps the tokens encrypted, never in an answer', async () => {
    const m = await signUpMember(s);
    const { body } = await authorize(m);
    const code = fake.code({ firstname: 'Ada', lastname: 'Climber' });
    const res = await s.post(
      '/api/v1/auth/strava',
      { code, user_id: m.id, state: body.state, scope: 'read,activity:write,read_all' },
      m.token,
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    const tokens = fake.issued.at(-1)!;
    expectNoTokens(text, tokens);
    const answer = JSON.parse(text) as { status: string; user: User };
    expect(answer.status).toBe('success');
    expect(answer.user).toMatchObject({
      id: m.id,
      email: m.email,
      strava_connected: true,
      strava_reconnect: false,
      strava_authorization_code: STRAVA_CONNECTED,
    });
    expectTokenFieldsNull(answer.user);

    const row = await accountOf(m.id);
    expect(row).toMatchObject({
      athleteName: 'Ada Climber',
      scope: 'read,activity:write,read_all',
    });
    expect(row?.accessTokenEnc).not.toContain(tokens.access);
    expect(row?.refreshTokenEnc).not.toContain(tokens.refresh);
    const cipher = tokenCipher(KEY);
    expect(cipher.open(row!.accessTokenEnc, `strava:${m.id}:access`)).toBe(tokens.access);
    expect(cipher.open(row!.refreshTokenEnc, `strava:${m.id}:refresh`)).toBe(tokens.refresh);
    // Bound to the member: another member's row cannot take these.
    expect(cipher.open(row!.accessTokenEnc, `strava:${m.id + 1}:access`)).toBeNull();

    // Every other User answer: the member's own profile, sign-in, an update.
    const own = await s.get(`/api/v1/users/${m.id}`, m.token);
    const ownText = await own.text();
    expectNoTokens(ownText, tokens);
    expect(JSON.parse(ownText)).toMatchObject({
      strava_connected: true,
      strava_authorization_code: STRAVA_CONNECTED,
    });
    const signin = await s.post('/api/v1/email-signin', { email: m.email, password: 'secret12' });
    const signinText = await signin.text();
    expectNoTokens(signinText, tokens);
    const signedIn = (JSON.parse(signinText) as { user: User }).user;
    expect(signedIn.strava_connected).toBe(true);
    expectTokenFieldsNull(signedIn);
    const update = await s.put(`/api/v1/user/${m.id}/update`, { strava_auto_save: true }, m.token);
    const updateText = await update.text();
    expect(update.status).toBe(200);
    expectNoTokens(updateText, tokens);
    const updated = (JSON.parse(updateText) as { user: User }).user;
    expect(updated).toMatchObject({ strava_auto_save: true, strava_connected: true });
    expectTokenFieldsNull(updated);
    // Another member sees the public profile only.
    const other = await signUpMember(s);
    const publicText = await (await s.get(`/api/v1/users/${m.id}`, other.token)).text();
    expectNoTokens(publicText, tokens);
    expect(publicText).not.toContain('strava');
  });

  it('accepts a v1 client without state; refuses a forged, expired or foreign state', async () => {
    const m = await signUpMember(s);
    const other = await signUpMember(s);
    expect((await connect(m, { code: fake.code() })).status).toBe(200);

    const stateKey = deriveKey(KEY, 'oauth-state').toString('base64url');
    const expired = oauthState(stateKey).issue(m.id, new Date(Date.now() - 11 * 60 * 1000));
    const foreign = (await authorize(other)).body.state;
    const otherKey = oauthState('x'.repeat(43)).issue(m.id);
    const mine = (await authorize(m)).body.state;
    const tampered = `${mine.slice(0, -3)}${mine.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const exchanges = fake.calls.exchange;
    for (const state of [expired, foreign, otherKey, tampered, '', 'not-a-state']) {
      const r = await connect(m, { code: fake.code(), state });
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text)).toEqual({ status: 'failure', message: STRAVA_MESSAGES.badState });
    }
    // Refused before Strava is asked: no code was spent.
    expect(fake.calls.exchange).toBe(exchanges);
  });

  it('refuses a grant without activity:write, a bad code, and another member', async () => {
    const m = await signUpMember(s);
    const other = await signUpMember(s);
    const { state } = (await authorize(m)).body;
    const noWrite = await connect(m, { code: fake.code(), state, scope: 'read,read_all' });
    expect(noWrite.status).toBe(400);
    expect(JSON.parse(noWrite.text).message).toBe(STRAVA_MESSAGES.scopeMissing);

    const badCode = await connect(m, { code: 'never-issued', state });
    expect(badCode.status).toBe(400);
    expect(JSON.parse(badCode.text).message).toBe(STRAVA_MESSAGES.codeRefused);

    const foreign = await s.post(
      '/api/v1/auth/strava',
      { code: fake.code(), user_id: other.id, state },
      m.token,
    );
    expect(foreign.status).toBe(403);
    expect(await accountOf(other.id)).toBeUndefined();
    expect((await fetchUser(s, m)).strava_connected).toBe(false);

    for (const body of [
      {},
      { code: '' },
      { code: 'x'.repeat(501), user_id: m.id },
      { code: 'x', user_id: 'me' },
    ]) {
      expect((await s.post('/api/v1/auth/strava', body, m.token)).status).toBe(400);
    }
  });

  it('hands uploads a token without refreshing one that is not expiring', async () => {
    const { m, tokens } = await connected();
    const refreshes = fake.calls.refresh;
    expect(await procA.tokens.accessToken(m.id)).toBe(tokens.access);
    expect(fake.calls.refresh).toBe(refreshes);
    const stranger = await signUpMember(s);
    expect(await procA.tokens.accessToken(stranger.id)).toBeNull();
  });

  it('refreshes an expiring token once when several processes ask at once', async () => {
    fake.expiresIn = 600; // inside the refresh margin (an hour): refreshed at the next ask
    const { m, tokens } = await connected();
    fake.expiresIn = 6 * 3600;
    fake.refreshDelayMs = 300;
    const refreshes = fake.calls.refresh;
    try {
      const got = await Promise.all([
        procA.tokens.accessToken(m.id),
        procB.tokens.accessToken(m.id),
        procA.tokens.accessToken(m.id),
        procB.tokens.accessToken(m.id),
      ]);
      expect(fake.calls.refresh).toBe(refreshes + 1);
      const fresh = fake.issued.at(-1)!;
      expect(fresh.access).not.toBe(tokens.access);
      expect(got).toEqual([fresh.access, fresh.access, fresh.access, fresh.access]);
      const row = await accountOf(m.id);
      expect(row?.refreshLeaseUntil).toBeNull();
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 5 * 3600 * 1000);
      expect(tokenCipher(KEY).open(row!.refreshTokenEnc, `strava:${m.id}:refresh`)).toBe(
        fresh.refresh,
      );
      // Fresh now: no further refresh.
      expect(await procB.tokens.accessToken(m.id)).toBe(fresh.access);
      expect(fake.calls.refresh).toBe(refreshes + 1);

      // After a 401 uploads force one; two processes forcing with the same stale token: one.
      const forced = await Promise.all([
        procA.tokens.accessToken(m.id, { forceRefresh: true }),
        procB.tokens.accessToken(m.id, { forceRefresh: true }),
      ]);
      expect(fake.calls.refresh).toBe(refreshes + 2);
      expect(forced[0]).toBe(fake.issued.at(-1)!.access);
      expect(forced[1]).toBe(forced[0]);
    } finally {
      fake.refreshDelayMs = 0;
    }
  });

  it('keeps a still-valid token while Strava is away, and retries the refresh later', async () => {
    fake.expiresIn = 600;
    const { m, tokens } = await connected();
    fake.expiresIn = 6 * 3600;
    fake.refreshFails = 503;
    try {
      expect(await procA.tokens.accessToken(m.id)).toBe(tokens.access);
      await expect(procA.tokens.accessToken(m.id, { forceRefresh: true })).rejects.toThrow();
      expect((await accountOf(m.id))?.refreshLeaseUntil).toBeNull();
      expect((await fetchUser(s, m)).strava_connected).toBe(true);
    } finally {
      fake.refreshFails = null;
    }
    expect(await procA.tokens.accessToken(m.id)).toBe(fake.issued.at(-1)!.access);
  });

  it('shows a member Strava refused as disconnected, to connect again', async () => {
    fake.expiresIn = 600;
    const { m } = await connected();
    fake.expiresIn = 6 * 3600;
    fake.refreshFails = 400;
    try {
      expect(await procA.tokens.accessToken(m.id)).toBeNull();
    } finally {
      fake.refreshFails = null;
    }
    const user = await fetchUser(s, m);
    expect(user).toMatchObject({
      strava_connected: false,
      strava_reconnect: true,
      strava_authorization_code: null,
    });
    expect(await procB.tokens.accessToken(m.id)).toBeNull();

    // Connecting again clears it.
    const { state } = (await authorize(m)).body;
    expect((await connect(m, { code: fake.code(), state })).status).toBe(200);
    expect(await fetchUser(s, m)).toMatchObject({
      strava_connected: true,
      strava_reconnect: false,
    });
    expect((await accountOf(m.id))?.revokedAt).toBeNull();

    // Uploads' own finding (a second 401) does the same.
    await procA.tokens.markRevoked(m.id);
    expect(await fetchUser(s, m)).toMatchObject({
      strava_connected: false,
      strava_reconnect: true,
    });
  });

  it('disconnecting revokes the authorisation at Strava and forgets the tokens', async () => {
    const { m, tokens } = await connected();
    const res = await s.post('/api/v1/strava/disconnect', {}, m.token);
    expect(res.status).toBe(200);
    const text = await res.text();
    expectNoTokens(text, tokens);
    expect(JSON.parse(text).user).toMatchObject({
      strava_connected: false,
      strava_reconnect: false,
      strava_authorization_code: null,
    });
    expect(fake.calls.deauthorize.at(-1)).toBe(tokens.access);
    expect(await accountOf(m.id)).toBeUndefined();
    expect(await procA.tokens.accessToken(m.id)).toBeNull();
    // Again: nothing to do.
    expect((await s.post('/api/v1/strava/disconnect', {}, m.token)).status).toBe(200);
  });

  it('disconnects here even when Strava fails or already refused the member', async () => {
    const { m } = await connected();
    fake.deauthorizeFails = true;
    try {
      expect((await s.post('/api/v1/strava/disconnect', {}, m.token)).status).toBe(200);
    } finally {
      fake.deauthorizeFails = false;
    }
    expect(await accountOf(m.id)).toBeUndefined();

    const { m: n } = await connected();
    await procA.tokens.markRevoked(n.id);
    const calls = fake.calls.deauthorize.length;
    const res = await s.post('/api/v1/strava/disconnect', {}, n.token);
    expect(res.status).toBe(200);
    expect(fake.calls.deauthorize.length).toBe(calls);
    expect((await fetchUser(s, n)).strava_reconnect).toBe(false);
  });

  it('a new athlete replaces the connection and lets the old authorisation go', async () => {
    const { m, tokens } = await connected();
    const { state } = (await authorize(m)).body;
    expect((await connect(m, { code: fake.code(), state })).status).toBe(200);
    expect(fake.calls.deauthorize).toContain(tokens.access);
    expect(await procA.tokens.accessToken(m.id)).toBe(fake.issued.at(-1)!.access);
  });

  it('keeps one Strava athlete to one member (another member’s connect is refused)', async () => {
    const first = await signUpMember(s);
    const second = await signUpMember(s);
    const athlete = { id: 777_001, firstname: 'Shared', lastname: 'Athlete' };
    const ok = await connect(first, {
      code: fake.code(athlete),
      state: (await authorize(first)).body.state,
    });
    expect(ok.status).toBe(200);
    const taken = await connect(second, {
      code: fake.code(athlete),
      state: (await authorize(second)).body.state,
    });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain(STRAVA_MESSAGES.athleteTaken);
    expect((await fetchUser(s, first)).strava_connected).toBe(true);
    expect((await fetchUser(s, second)).strava_connected).toBe(false);
  });

  it('a process with another key leaves the member connected and says why', async () => {
    const { m } = await connected();
    const config = loadConfig({
      STRAVA_CLIENT_ID: FAKE_CLIENT.id,
      STRAVA_CLIENT_SECRET: FAKE_CLIENT.secret,
      STRAVA_BASE_URL: fake.url,
      STRAVA_TOKEN_KEY: 'another-strava-token-key-0123456789abcdef',
      DATA_DIR: scratch,
    });
    const warned: string[] = [];
    const stranger = await stravaConnect({
      standIn: standinRoutes,
      config,
      db: s.database.db,
      log: { warn: (_o: unknown, msg?: string) => void warned.push(String(msg)) },
    });
    await expect(stranger.tokens.accessToken(m.id)).rejects.toThrow(/cannot be decrypted/);
    expect(warned.join(' ')).toMatch(/STRAVA_TOKEN_KEY/);
    expect((await accountOf(m.id))?.revokedAt).toBeNull();
    expect((await fetchUser(s, m)).strava_connected).toBe(true);
  });
});
