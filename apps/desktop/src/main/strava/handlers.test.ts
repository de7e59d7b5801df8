import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock, fakeLogger, fakeWindow, flush } from '../../../test/fakes.js';
import type { IpcSender, MessageContext, WindowRules } from '../ports.js';
import { checkAuthorizeUrl, stravaAuthorizePages } from './authorize-url.js';
import { STRAVA_CALLBACK_MESSAGES } from './callback.js';
import { STRAVA_CALLBACK_TIMEOUT_MS, stravaHandlers, type StravaHandlers } from './handlers.js';

const SERVER = 'http://127.0.0.1:8181';
const STANDIN = `${SERVER}/strava-standin/oauth/authorize`;
const rules: WindowRules = { allowNavigation: () => true, onWindowOpen: () => undefined };
const sender: IpcSender = { webContentsId: 1, frameUrl: `${SERVER}/profile`, isMainFrame: true };
const all: StravaHandlers[] = [];
afterEach(() => {
  for (const h of all.splice(0)) h.dispose();
});

function authorizeUrl(page: string, redirectUri: string, state = 'st.ate-1') {
  const q = new URLSearchParams({
    client_id: 'standin',
    response_type: 'code',
    approval_prompt: 'auto',
    scope: 'read_all,activity:write',
    redirect_uri: redirectUri,
    state,
  });
  return `${page}?${q}`;
}

function setup() {
  const clock = fakeClock();
  const log = fakeLogger();
  const main = fakeWindow('main', { title: 'RideAlong', width: 1, height: 1 }, rules);
  const opened: string[] = [];
  const handlers = stravaHandlers({
    serverUrl: SERVER,
    openExternal: (url) => (opened.push(url), true),
    clock,
    log,
    mainWindow: () => main,
  });
  all.push(handlers);
  const ctx: MessageContext = { window: main, sender };
  const open = async () => {
    await handlers['strava-callback-open']({}, ctx);
    const ready = main.sent.find((s) => s.channel === 'strava-callback-ready');
    return (ready?.payload as { redirect_uri: string }).redirect_uri;
  };
  return { clock, log, main, opened, handlers, ctx, open };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('Strava through the loopback listener', () => {
  it('answers the callback address, opens the authorisation, and hands the code over', async () => {
    const t = setup();
    const redirectUri = await t.open();
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/strava\/callback$/);
    const url = authorizeUrl(STANDIN, redirectUri);
    t.handlers['fitness-network-portal-opened']({ url }, t.ctx);
    expect(t.opened).toEqual([url]);

    const res = await fetch(`${redirectUri}?state=st.ate-1&code=c0de&scope=read,activity:write`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You can go back to RideAlong');
    await waitFor(() => t.main.sent.length === 2);
    expect(t.main.sent[1]).toEqual({
      channel: 'strava-callback-received',
      payload: { code: 'c0de', state: 'st.ate-1', scope: 'read,activity:write' },
    });
    // One callback only: the listener is gone.
    await expect(fetch(`${redirectUri}?state=st.ate-1&code=again`)).rejects.toThrow();
  });

  it("opens Strava's own page too", async () => {
    const t = setup();
    const url = authorizeUrl('https://www.strava.com/oauth/authorize', await t.open());
    t.handlers['fitness-network-portal-opened']({ url }, t.ctx);
    expect(t.opened).toEqual([url]);
  });

  it('tells the page when the member declines on Strava', async () => {
    const t = setup();
    const redirectUri = await t.open();
    t.handlers['fitness-network-portal-opened']({ url: authorizeUrl(STANDIN, redirectUri) }, t.ctx);
    await fetch(`${redirectUri}?state=st.ate-1&error=access_denied`);
    await waitFor(() => t.main.sent.length === 2);
    expect(t.main.sent[1]).toEqual({
      channel: 'strava-callback-failed',
      payload: { message: STRAVA_CALLBACK_MESSAGES.denied },
    });
  });

  it('gives up after 10 minutes and tells the page', async () => {
    const t = setup();
    const redirectUri = await t.open();
    t.handlers['fitness-network-portal-opened']({ url: authorizeUrl(STANDIN, redirectUri) }, t.ctx);
    t.clock.advance(STRAVA_CALLBACK_TIMEOUT_MS);
    await waitFor(() => t.main.sent.length === 2);
    expect(t.main.sent[1]).toEqual({
      channel: 'strava-callback-failed',
      payload: { message: STRAVA_CALLBACK_MESSAGES.timeout },
    });
    await expect(fetch(`${redirectUri}?state=st.ate-1&code=late`)).rejects.toThrow();
  });

  it('a wrong state gets no event; the right one still connects', async () => {
    const t = setup();
    const redirectUri = await t.open();
    t.handlers['fitness-network-portal-opened']({ url: authorizeUrl(STANDIN, redirectUri) }, t.ctx);
    expect((await fetch(`${redirectUri}?state=forged&code=evil`)).status).toBe(400);
    await flush();
    expect(t.main.sent).toHaveLength(1);
    expect((await fetch(`${redirectUri}?state=st.ate-1&code=good&scope=read`)).status).toBe(200);
    await waitFor(() => t.main.sent.length === 2);
    expect(t.main.sent[1]?.payload).toMatchObject({ code: 'good' });
  });

  it('refuses authorisations that are not Strava, not to its listener, or a second one', async () => {
    const t = setup();
    const redirectUri = await t.open();
    const refused = [
      authorizeUrl('https://evil.test/oauth/authorize', redirectUri),
      authorizeUrl('http://www.strava.com/oauth/authorize', redirectUri),
      authorizeUrl(`${SERVER}/strava-standin/oauth/authorize/x`, redirectUri),
      authorizeUrl(STANDIN, `${SERVER}/portal-redirect/strava`),
      authorizeUrl(STANDIN, 'http://127.0.0.1:1/strava/callback'),
      authorizeUrl(STANDIN, redirectUri, ''),
      authorizeUrl(STANDIN, redirectUri).replace('response_type=code', 'response_type=token'),
      `${authorizeUrl(STANDIN, redirectUri)}#x`,
      'javascript:alert(1)',
    ];
    for (const url of refused) t.handlers['fitness-network-portal-opened']({ url }, t.ctx);
    expect(t.opened).toEqual([]);
    const first = authorizeUrl(STANDIN, redirectUri, 'first');
    t.handlers['fitness-network-portal-opened']({ url: first }, t.ctx);
    t.handlers['fitness-network-portal-opened'](
      { url: authorizeUrl(STANDIN, redirectUri, 'second') },
      t.ctx,
    );
    expect(t.opened).toEqual([first]);
    // The second state is not accepted by the listener.
    expect((await fetch(`${redirectUri}?state=second&code=x`)).status).toBe(400);
  });

  it('refuses an authorisation when no callback is open (v1 pages)', () => {
    const t = setup();
    t.handlers['fitness-network-portal-opened'](
      { url: authorizeUrl(STANDIN, 'http://127.0.0.1:5555/strava/callback') },
      t.ctx,
    );
    expect(t.opened).toEqual([]);
  });

  it('a second Connect closes the first listener; dispose closes the last', async () => {
    const t = setup();
    const first = await t.open();
    t.main.sent.length = 0;
    const second = await t.open();
    expect(second).not.toBe(first);
    await expect(fetch(`${first}?state=x`)).rejects.toThrow();
    t.handlers.dispose();
    await expect(fetch(`${second}?state=x`)).rejects.toThrow();
    await flush();
    expect(t.main.sent.map((s) => s.channel)).toEqual(['strava-callback-ready']);
  });
});

describe('checkAuthorizeUrl', () => {
  const pages = stravaAuthorizePages(SERVER);
  const cb = 'http://127.0.0.1:4000/strava/callback';
  it('answers the state of an authorisation returning to the listener', () => {
    expect(checkAuthorizeUrl(authorizeUrl(STANDIN, cb, 's1'), pages, cb)).toEqual({
      ok: true,
      state: 's1',
    });
  });
  it('refuses an over-long state and a page of another port', () => {
    expect(checkAuthorizeUrl(authorizeUrl(STANDIN, cb, 'x'.repeat(1001)), pages, cb).ok).toBe(
      false,
    );
    const otherPort = authorizeUrl('http://127.0.0.1:8182/strava-standin/oauth/authorize', cb);
    expect(checkAuthorizeUrl(otherPort, pages, cb).ok).toBe(false);
  });
});
