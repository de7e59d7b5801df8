import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock, fakeLogger, fakeWindow, flush } from '../../../test/fakes.js';
import type { IpcSender, MessageContext, WindowRules } from '../ports.js';
import { SIGNIN_MESSAGES } from './callback.js';
import { googleHandlers, SIGNIN_TIMEOUT_MS, type GoogleHandlers } from './handlers.js';

const SERVER = 'http://127.0.0.1:8181';
const rules: WindowRules = { allowNavigation: () => true, onWindowOpen: () => undefined };
const sender: IpcSender = { webContentsId: 1, frameUrl: `${SERVER}/login`, isMainFrame: true };
const all: GoogleHandlers[] = [];
afterEach(() => {
  for (const h of all.splice(0)) h.dispose();
});

function setup(allow = true) {
  const clock = fakeClock();
  const main = fakeWindow('main', { title: 'RideAlong', width: 1, height: 1 }, rules);
  const opened: string[] = [];
  const handlers = googleHandlers({
    serverUrl: SERVER,
    openExternal: (url) => (opened.push(url), allow),
    clock,
    log: fakeLogger(),
    mainWindow: () => main,
  });
  all.push(handlers);
  const ctx: MessageContext = { window: main, sender };
  const start = async () => {
    await handlers['external-browser-google-auth']({}, ctx);
    const url = new URL(opened[opened.length - 1] ?? '');
    return {
      url,
      redirectUri: url.searchParams.get('redirect_uri') ?? '',
      state: url.searchParams.get('state') ?? '',
      challenge: url.searchParams.get('code_challenge') ?? '',
    };
  };
  return { clock, main, opened, handlers, start };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('external-browser-google-auth', () => {
  it("opens the web's /desktop-signin outside with the listener, a state and a PKCE challenge", async () => {
    const t = setup();
    const s = await t.start();
    expect(`${s.url.origin}${s.url.pathname}`).toBe(`${SERVER}/desktop-signin`);
    expect(s.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/signin\/callback$/);
    expect(s.state).toMatch(/^[\w-]{43}$/);
    expect(s.challenge).toMatch(/^[\w-]{43}$/);

    expect((await fetch(`${s.redirectUri}?state=${s.state}&code=one-time`)).status).toBe(200);
    await waitFor(() => t.main.sent.length === 1);
    const sent = t.main.sent[0];
    expect(sent?.channel).toBe('desktop-signin-received');
    const payload = sent?.payload as { code: string; code_verifier: string };
    expect(payload.code).toBe('one-time');
    // The verifier matches the challenge the browser carried, and only the app had it.
    expect(createHash('sha256').update(payload.code_verifier).digest('base64url')).toBe(
      s.challenge,
    );
    expect(s.url.toString()).not.toContain(payload.code_verifier);
    await expect(fetch(`${s.redirectUri}?state=${s.state}&code=again`)).rejects.toThrow();
  });

  it('refuses a forged state and tells the page about a cancel or a timeout', async () => {
    const t = setup();
    const s = await t.start();
    expect((await fetch(`${s.redirectUri}?state=forged&code=x`)).status).toBe(400);
    await flush();
    expect(t.main.sent).toEqual([]);
    await fetch(`${s.redirectUri}?state=${s.state}&error=cancelled`);
    await waitFor(() => t.main.sent.length === 1);
    expect(t.main.sent[0]).toEqual({
      channel: 'desktop-signin-failed',
      payload: { message: SIGNIN_MESSAGES.cancelled },
    });

    const u = setup();
    const late = await u.start();
    u.clock.advance(SIGNIN_TIMEOUT_MS);
    await waitFor(() => u.main.sent.length === 1);
    expect(u.main.sent[0]?.payload).toEqual({ message: SIGNIN_MESSAGES.timeout });
    await expect(fetch(`${late.redirectUri}?state=${late.state}&code=x`)).rejects.toThrow();
  });

  it('a new try replaces the old listener; fresh state and verifier each time', async () => {
    const t = setup();
    const first = await t.start();
    const second = await t.start();
    expect(second.state).not.toBe(first.state);
    expect(second.challenge).not.toBe(first.challenge);
    await expect(fetch(`${first.redirectUri}?state=${first.state}&code=x`)).rejects.toThrow();
    t.handlers.dispose();
    await expect(fetch(`${second.redirectUri}?state=${second.state}&code=x`)).rejects.toThrow();
  });

  it('closes the listener when the allow-list refuses the page', async () => {
    const t = setup(false);
    const s = await t.start();
    await waitFor(() => t.main.sent.length === 1);
    expect(t.main.sent[0]).toEqual({
      channel: 'desktop-signin-failed',
      payload: { message: SIGNIN_MESSAGES.refused },
    });
    await expect(fetch(`${s.redirectUri}?state=${s.state}&code=x`)).rejects.toThrow();
  });
});
