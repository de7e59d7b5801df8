import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRAVA_MESSAGES, type User } from '@ridealong/contracts';
import { fetchUser, LENIENT_LIMITS, signUpMember } from './billing-fixtures.js';
import { FAKE_CLIENT, fakeStravaOAuth, type FakeStravaOAuth } from './fake-strava-oauth.js';
import { backends, startServer, type TestServer } from './harness.js';

/**
 * The desktop app without a local callback: Strava sends the member's browser back to this
 * server's /strava/callback, which connects the member its signed state names (no session in
 * that browser) and says so on a plain page; the app then reads the member as connected.
 */
describe.each(backends)('Strava desktop callback on $name', (backend) => {
  let fake: FakeStravaOAuth;
  let s: TestServer;

  beforeAll(async () => {
    fake = await fakeStravaOAuth();
    s = await startServer(backend, {
      ...LENIENT_LIMITS,
      STRAVA_CLIENT_ID: FAKE_CLIENT.id,
      STRAVA_CLIENT_SECRET: FAKE_CLIENT.secret,
      STRAVA_BASE_URL: fake.url,
      STRAVA_TOKEN_KEY: 'test-strava-token-key-0123456789abcdef',
    });
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  const stateFor = async (token: string) => {
    const res = await s.get('/api/v1/strava/authorize?target=desktop', token);
    expect(res.status).toBe(200);
    return ((await res.json()) as { state: string }).state;
  };
  const callback = async (query: Record<string, string>) => {
    const res = await s.get(`/strava/callback?${new URLSearchParams(query)}`);
    return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
  };

  it('connects the member the state names, without a session, and says so', async () => {
    const m = await signUpMember(s);
    const state = await stateFor(m.token);
    const page = await callback({ code: fake.code(), state, scope: 'read,activity:write' });
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.html).toContain(STRAVA_MESSAGES.desktopConnected);
    const user: User = await fetchUser(s, m);
    expect(user).toMatchObject({ strava_connected: true, strava_access_token: null });
    expect(page.html).not.toContain(fake.issued.at(-1)?.access ?? 'no token');
  });

  it('refuses a forged or missing state, a denial, a grant without uploads; escapes what it echoes', async () => {
    const m = await signUpMember(s);
    const state = await stateFor(m.token);
    const forged = await callback({ code: fake.code(), state: `${state}x` });
    expect([forged.status, forged.html.includes(STRAVA_MESSAGES.badState)]).toEqual([400, true]);
    const none = await callback({ code: fake.code() });
    expect(none.status).toBe(400);
    const denied = await callback({ error: 'access_denied', state });
    expect([denied.status, denied.html.includes(STRAVA_MESSAGES.desktopDenied)]).toEqual([
      400,
      true,
    ]);
    const scope = await callback({ code: fake.code(), state, scope: 'read' });
    expect([scope.status, scope.html.includes(STRAVA_MESSAGES.scopeMissing)]).toEqual([400, true]);
    const xss = await callback({ code: '<script>x</script>', state: '<img src=x onerror=1>' });
    expect(xss.status).toBe(400);
    expect(xss.html).not.toMatch(/<script>x|<img/);
    expect((await fetchUser(s, m)).strava_connected).toBe(false);
  });
});
