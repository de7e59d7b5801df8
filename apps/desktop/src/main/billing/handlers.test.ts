import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeClock, fakeLogger, fakeWindow, flush } from '../../../test/fakes.js';
import type { IpcSender, MessageContext, WindowRules } from '../ports.js';
import { BILLING_WATCH, billingHandlers } from './handlers.js';

const SERVER = 'http://127.0.0.1:8181';
const rules: WindowRules = { allowNavigation: () => true, onWindowOpen: () => undefined };
const sender: IpcSender = { webContentsId: 1, frameUrl: `${SERVER}/pricing`, isMainFrame: true };

type Answer = { status: number; body?: unknown } | Error;

/** The app's HTTP to the server: each URL answers from its queue (the last answer repeats). */
function fakeServer() {
  const answers = new Map<string, Answer[]>();
  const asked: string[] = [];
  const fetchFn = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const queue = answers.get(url) ?? [{ status: 404, body: { status: 'failure' } }];
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    if (!answer) throw new Error('no answer');
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetch: fetchFn, asked, answer: (url: string, ...a: Answer[]) => answers.set(url, a) };
}

function setup() {
  const clock = fakeClock();
  const log = fakeLogger();
  const server = fakeServer();
  const main = fakeWindow('main', { title: 'RideAlong', width: 1, height: 1 }, rules);
  const opened: string[] = [];
  let allow = true;
  const handlers = billingHandlers({
    serverUrl: SERVER,
    openExternal: (url) => {
      if (allow) opened.push(url);
      return allow;
    },
    fetch: server.fetch,
    clock,
    log,
    mainWindow: () => main,
  });
  const ctx: MessageContext = { window: main, sender };
  const tick = async (times = 1) => {
    for (let i = 0; i < times; i += 1) {
      clock.advance(BILLING_WATCH.intervalMs);
      await flush();
    }
  };
  return {
    clock,
    log,
    server,
    main,
    opened,
    handlers,
    ctx,
    tick,
    refuseOpening: () => (allow = false),
  };
}

const statusUrl = (id: string) => `${SERVER}/api/v1/payment/checkout-status/${id}`;
const portalKeyUrl = (portalUrl: string) =>
  `${SERVER}/api/v1/payment/desktop-portal/${createHash('sha256').update(portalUrl).digest('hex')}`;

describe('checkout-session-opened', () => {
  it('opens /checkout-redirect outside and tells the page once the status changes', async () => {
    const t = setup();
    t.server.answer(
      statusUrl('cs_local_abc'),
      { status: 200, body: { status: 'open' } },
      { status: 200, body: { status: 'open' } },
      { status: 200, body: { status: 'complete' } },
    );
    await t.handlers['checkout-session-opened']({ sessionId: 'cs_local_abc' }, t.ctx);
    expect(t.opened).toEqual([`${SERVER}/checkout-redirect?session_id=cs_local_abc`]);
    await t.tick(3);
    expect(t.main.sent).toEqual([
      { channel: 'checkout-session-status-changed', payload: { status: 'complete' } },
    ]);
    // The watch ended: no more requests.
    await t.tick(10);
    expect(t.server.asked).toHaveLength(3);
    expect(t.clock.pending()).toEqual([]);
  });

  it('reports an expired (cancelled) checkout too', async () => {
    const t = setup();
    t.server.answer(statusUrl('cs_1'), { status: 200, body: { status: 'expired' } });
    await t.handlers['checkout-session-opened']({ sessionId: 'cs_1' }, t.ctx);
    await t.tick();
    expect(t.main.sent).toEqual([
      { channel: 'checkout-session-status-changed', payload: { status: 'expired' } },
    ]);
  });

  it('refuses a session id the server would not issue, and opens nothing', async () => {
    const t = setup();
    for (const sessionId of [
      '../../admin',
      'cs 1',
      'a'.repeat(256),
      'x?y=1',
      'https://evil.test',
    ]) {
      await t.handlers['checkout-session-opened']({ sessionId }, t.ctx);
    }
    expect(t.opened).toEqual([]);
    await t.tick(5);
    expect(t.server.asked).toEqual([]);
    expect(t.clock.pending()).toEqual([]);
  });

  it('stops at an unknown session (404) and rides out a flaky network', async () => {
    const t = setup();
    t.server.answer(
      statusUrl('cs_2'),
      new Error('offline'),
      { status: 503 },
      { status: 200, body: { status: 'open' } },
      { status: 404, body: { status: 'failure' } },
    );
    await t.handlers['checkout-session-opened']({ sessionId: 'cs_2' }, t.ctx);
    await t.tick(4);
    expect(t.server.asked).toHaveLength(4);
    await t.tick(5);
    expect(t.server.asked).toHaveLength(4);
    expect(t.main.sent).toEqual([]);
  });

  it('is bounded: a checkout left open is watched for 30 minutes, then no more', async () => {
    const t = setup();
    t.server.answer(statusUrl('cs_3'), { status: 200, body: { status: 'open' } });
    await t.handlers['checkout-session-opened']({ sessionId: 'cs_3' }, t.ctx);
    await t.tick(700);
    expect(t.server.asked).toHaveLength(BILLING_WATCH.maxMs / BILLING_WATCH.intervalMs);
    expect(t.main.sent).toEqual([]);
    expect(t.clock.pending()).toEqual([]);
  });

  it('a newer checkout replaces the older watch; dispose stops everything', async () => {
    const t = setup();
    t.server.answer(statusUrl('cs_old'), { status: 200, body: { status: 'open' } });
    t.server.answer(statusUrl('cs_new'), { status: 200, body: { status: 'open' } });
    await t.handlers['checkout-session-opened']({ sessionId: 'cs_old' }, t.ctx);
    await t.tick();
    await t.handlers['checkout-session-opened']({ sessionId: 'cs_new' }, t.ctx);
    await t.tick(2);
    expect(t.server.asked).toEqual([statusUrl('cs_old'), statusUrl('cs_new'), statusUrl('cs_new')]);
    t.handlers.dispose();
    await t.tick(5);
    expect(t.server.asked).toHaveLength(3);
    await t.handlers['checkout-session-opened']({ sessionId: 'cs_late' }, t.ctx);
    expect(t.opened).toHaveLength(2);
  });

  it('does not watch a checkout the allow-list refused to open', async () => {
    const t = setup();
    t.refuseOpening();
    await t.handlers['checkout-session-opened']({ sessionId: 'cs_4' }, t.ctx);
    await t.tick(3);
    expect(t.server.asked).toEqual([]);
  });
});

describe('client-portal-opened', () => {
  const LOCAL = `${SERVER}/billing/local/portal/eyJ1IjoxfQ.abc-DEF_123`;
  const STRIPE = 'https://billing.stripe.com/p/session/test_YWNjdF8x';

  it('opens the local portal page and tells the page when the member came back', async () => {
    const t = setup();
    t.server.answer(
      portalKeyUrl(LOCAL),
      { status: 200, body: { closed: false } },
      { status: 200, body: { closed: true } },
    );
    await t.handlers['client-portal-opened']({ portalUrl: LOCAL }, t.ctx);
    expect(t.opened).toEqual([LOCAL]);
    await t.tick(2);
    expect(t.main.sent).toEqual([{ channel: 'client-portal-closed', payload: {} }]);
    await t.tick(5);
    expect(t.server.asked).toHaveLength(2);
  });

  it("opens Stripe's portal and asks by the hash of its address, never the address", async () => {
    const t = setup();
    t.server.answer(portalKeyUrl(STRIPE), { status: 200, body: { closed: true } });
    await t.handlers['client-portal-opened']({ portalUrl: STRIPE }, t.ctx);
    await t.tick();
    expect(t.opened).toEqual([STRIPE]);
    expect(t.server.asked[0]).toMatch(/\/desktop-portal\/[0-9a-f]{64}$/);
    expect(t.server.asked.join()).not.toContain('stripe');
    expect(t.main.sent).toEqual([{ channel: 'client-portal-closed', payload: {} }]);
  });

  it('refuses any other address a page sends', async () => {
    const t = setup();
    for (const portalUrl of [
      'http://billing.stripe.com/p/session/x',
      'https://billing.stripe.com.evil.test/p/session/x',
      'https://user:pw@billing.stripe.com/p/session/x',
      'https://evil.test/billing/local/portal/x',
      `${SERVER}/admin`,
      `${SERVER}/billing/local/portal/x/cancel`,
      `${SERVER}/billing/local/portal/x?y=1`,
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a url',
    ]) {
      await t.handlers['client-portal-opened']({ portalUrl }, t.ctx);
    }
    expect(t.opened).toEqual([]);
    await t.tick(3);
    expect(t.server.asked).toEqual([]);
  });

  it('stops quietly for a portal the server does not know (an older page)', async () => {
    const t = setup();
    await t.handlers['client-portal-opened']({ portalUrl: LOCAL }, t.ctx);
    await t.tick(5);
    expect(t.server.asked).toHaveLength(1);
    expect(t.main.sent).toEqual([]);
  });
});
