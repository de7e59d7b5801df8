import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopPortalReturns } from '../src/db/schema.js';
import { LENIENT_LIMITS, signUpMember, type Member } from './billing-fixtures.js';
import { backends, startServer, type TestServer } from './harness.js';
import {
  fakeStripe,
  formsOf,
  submitForm,
  type FakeStripe,
  stripeTestEnv,
} from './payments-fixtures.js';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * The desktop app's watch on checkouts and billing portals it opened in the system browser
 * (docs/billing.md, 'The desktop app'): GET /payment/checkout-status/{sessionId}, the portal's
 * return page and GET /payment/desktop-portal/{portalKey}. The app holds no session, so the
 * keys are the unguessable ids the server issued to the member.
 */
describe.each(backends)('desktop checkout and portal returns on $name', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend, LENIENT_LIMITS);
  });
  afterAll(() => s.close());

  const local = (url: string) => s.baseUrl + url.slice('http://ride.test'.length);
  const status = async (sessionId: string) => {
    const res = await s.get(`/api/v1/payment/checkout-status/${encodeURIComponent(sessionId)}`);
    return { code: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const portalStatus = async (key: string) => {
    const res = await s.get(`/api/v1/payment/desktop-portal/${encodeURIComponent(key)}`);
    return { code: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  async function checkout(m: Member) {
    const res = await s.post(
      '/api/v1/payment/create-checkout-session',
      { type: 'core', user_id: m.id, email: m.email, electronMode: true },
      m.token,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as { sessionId: string; url: string };
  }
  async function press(url: string, label: string) {
    const form = formsOf(await (await fetch(local(url))).text()).get(label);
    if (!form) throw new Error(`no '${label}' button`);
    return submitForm(s, form.action, form.csrf);
  }
  async function coreMember() {
    const m = await signUpMember(s);
    const session = await checkout(m);
    expect((await press(session.url, 'Pay')).status).toBe(303);
    return m;
  }
  async function desktopPortal(m: Member) {
    const res = await s.post(
      `/api/v1/payment/${m.id}/customer-portal`,
      { electronMode: true },
      m.token,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { portal_url: string }).portal_url;
  }
  const backLink = async (portalUrl: string) => {
    const html = await (await fetch(local(portalUrl))).text();
    const href = /<a href="([^"]+)">Back to RideAlong<\/a>/.exec(html)?.[1] ?? '';
    return href.replace(/&amp;/g, '&');
  };

  it('answers a checkout status by session id: open, then complete after Pay', async () => {
    const m = await signUpMember(s);
    const session = await checkout(m);
    expect(await status(session.sessionId)).toEqual({ code: 200, body: { status: 'open' } });
    expect((await press(session.url, 'Pay')).status).toBe(303);
    expect(await status(session.sessionId)).toEqual({ code: 200, body: { status: 'complete' } });
  });

  it('answers expired after Cancel on the checkout page', async () => {
    const session = await checkout(await signUpMember(s));
    expect((await press(session.url, 'Cancel')).status).toBe(303);
    expect(await status(session.sessionId)).toEqual({ code: 200, body: { status: 'expired' } });
  });

  it('refuses unknown and absurd session ids with a clear 4xx', async () => {
    expect((await status('cs_local_unknown')).code).toBe(404);
    expect((await status('x'.repeat(256))).code).toBe(400);
    expect((await status('../../etc/passwd')).code).toBe(400);
    expect((await status('cs local')).code).toBe(400);
    const res = await s.get(`/api/v1/payment/checkout-status/${'a'.repeat(10_000)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('records the return from a portal opened by the desktop app, once', async () => {
    const m = await coreMember();
    const portal = await desktopPortal(m);
    const key = sha256(portal);
    expect(await portalStatus(key)).toEqual({ code: 200, body: { closed: false } });

    // The portal's way back goes to the return page, not to /portal-redirect.
    const back = await backLink(portal);
    expect(back).toMatch(/^http:\/\/ride\.test\/billing\/desktop-return\/[\w-]{43}$/);
    const page = await fetch(local(back));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('You can go back to RideAlong.');
    expect(html).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await portalStatus(key)).toEqual({ code: 200, body: { closed: true } });
    // Coming back twice changes nothing.
    expect((await fetch(local(back))).status).toBe(200);
    expect(await portalStatus(key)).toEqual({ code: 200, body: { closed: true } });
  });

  it('keeps the web return for a portal opened in the browser', async () => {
    const m = await coreMember();
    const res = await s.post(`/api/v1/payment/${m.id}/customer-portal`, {}, m.token);
    const portal = ((await res.json()) as { portal_url: string }).portal_url;
    expect(await backLink(portal)).toBe('http://ride.test/portal-redirect');
    expect((await portalStatus(sha256(portal))).code).toBe(404);
  });

  it("keeps members' portals apart and refuses guests, others and absurd keys", async () => {
    const a = await coreMember();
    const b = await coreMember();
    const portalA = await desktopPortal(a);
    const portalB = await desktopPortal(b);
    // B's return page closes B's portal only.
    expect((await fetch(local(await backLink(portalB)))).status).toBe(200);
    expect((await portalStatus(sha256(portalA))).body).toEqual({ closed: false });
    expect((await portalStatus(sha256(portalB))).body).toEqual({ closed: true });
    // Only the member opens a portal, guests none (no row for anyone else).
    expect(
      (await s.post(`/api/v1/payment/${a.id}/customer-portal`, { electronMode: true }, b.token))
        .status,
    ).toBe(403);
    expect(
      (await s.post(`/api/v1/payment/${a.id}/customer-portal`, { electronMode: true })).status,
    ).toBe(401);
    // The key is the hash of the address, never the address or a member's id.
    expect((await portalStatus(sha256(portalA + 'x'))).code).toBe(404);
    expect((await portalStatus(String(a.id))).code).toBe(400);
    expect((await portalStatus('A'.repeat(64))).code).toBe(400);
    expect((await portalStatus('a'.repeat(65))).code).toBe(400);
    expect((await portalStatus(encodeURIComponent(portalA))).code).toBe(400);
    // Made-up and absurd return ids: a 404 page, nothing recorded.
    for (const id of ['unknown-return-id-000000000000', 'x', 'a'.repeat(500), '%3Cb%3E']) {
      const res = await fetch(`${s.baseUrl}/billing/desktop-return/${id}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This link has expired.');
    }
    const nul = await fetch(`${s.baseUrl}/billing/desktop-return/%00`);
    expect([400, 404]).toContain(nul.status);
    expect((await portalStatus(sha256(portalA))).body).toEqual({ closed: false });
  });

  it('forgets portals after two hours', async () => {
    const m = await coreMember();
    const portal = await desktopPortal(m);
    const back = await backLink(portal);
    await s.database.db
      .update(desktopPortalReturns)
      .set({ createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000) });
    expect((await portalStatus(sha256(portal))).code).toBe(404);
    expect((await fetch(local(back))).status).toBe(404);
  });
});

describe.each(backends)('desktop checkout status with Stripe on $name', (backend) => {
  let fake: FakeStripe;
  let s: TestServer;
  beforeAll(async () => {
    fake = await fakeStripe();
    s = await startServer(backend, {
      ...LENIENT_LIMITS,
      ...stripeTestEnv(fake.url),
    });
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  it("asks Stripe for the session's status; an id Stripe does not know is 404", async () => {
    const m = await signUpMember(s);
    const res = await s.post(
      '/api/v1/payment/create-checkout-session',
      { type: 'core', user_id: m.id, email: m.email, electronMode: true },
      m.token,
    );
    const { sessionId } = (await res.json()) as { sessionId: string };
    const open = await s.get(`/api/v1/payment/checkout-status/${sessionId}`);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ status: 'open' });
    expect((await s.get('/api/v1/payment/checkout-status/cs_test_other')).status).toBe(404);
  });
});
