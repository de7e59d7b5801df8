import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUser, LENIENT_LIMITS, signUpMember, type Member } from './billing-fixtures.js';
import { backends, startServer, type TestServer } from './harness.js';
import { formsOf, submitForm } from './payments-fixtures.js';

const LABEL = 'Test payment provider: no real money moves.';
const DAY_MS = 86_400_000;

describe.each(backends)('local test payment provider on $name', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend, LENIENT_LIMITS);
  });
  afterAll(() => s.close());

  /** The path of an address on PUBLIC_URL (http://ride.test), fetched from the test server. */
  const pathOf = (url: string) => {
    expect(url.startsWith('http://ride.test/')).toBe(true);
    return url.slice('http://ride.test'.length);
  };
  const page = async (url: string) => {
    const res = await fetch(s.baseUrl + pathOf(url));
    return { status: res.status, html: await res.text() };
  };
  async function checkout(m: Member, type: string) {
    const res = await s.post(
      '/api/v1/payment/create-checkout-session',
      { type, user_id: m.id, email: m.email },
      m.token,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as { sessionId: string; url: string };
  }
  async function press(html: string, label: string) {
    const form = formsOf(html).get(label);
    if (!form) throw new Error(`no '${label}' button`);
    return submitForm(s, form.action, form.csrf);
  }
  async function portalUrl(m: Member) {
    const res = await s.post(
      `/api/v1/payment/${m.id}/customer-portal`,
      { electronMode: false },
      m.token,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { portal_url: string }).portal_url;
  }
  /** Presses a portal button, follows the redirect back to the portal page. */
  async function portalPress(url: string, label: string) {
    const res = await press((await page(url)).html, label);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/billing\/local\/portal\/[^/?]+\?done=/);
    const back = await fetch(s.baseUrl + (res.headers.get('location') ?? ''));
    expect(back.status).toBe(200);
    return back.text();
  }

  it('answers the setup with the local price ids', async () => {
    const m = await signUpMember(s);
    const res = await s.get('/api/v1/payment/setup', m.token);
    expect(await res.json()).toMatchObject({
      provider: 'local',
      corePriceYear: 'price_local_core_year',
    });
  });

  it('buys a yearly plan on the checkout page, then runs it through the portal page', async () => {
    const m = await signUpMember(s);
    const session = await checkout(m, 'core_year');
    expect(session.url).toBe(`http://ride.test/billing/local/checkout/${session.sessionId}`);
    expect(await (await s.get(`/api/v1/payment/checkout-url/${session.sessionId}`)).json()).toEqual(
      { url: session.url },
    );

    const checkoutPage = await page(session.url);
    expect(checkoutPage.status).toBe(200);
    expect(checkoutPage.html).toContain(LABEL);
    expect(checkoutPage.html).toContain('Core plan, yearly');
    expect(checkoutPage.html).toContain('$5.00 per month, billed yearly ($60.00 per year)');
    expect([...formsOf(checkoutPage.html).keys()]).toEqual(['Pay', 'Cancel']);

    const paid = await press(checkoutPage.html, 'Pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://ride.test/payment-sucess');
    const core = await fetchUser(s, m);
    expect(core).toMatchObject({ account_level: 'core', previous_account_level: 'trial' });
    expect(core.stripe_sub_id).toMatch(/^sub_local_/);
    const end = new Date(core.current_period_end_date ?? 0).getTime();
    expect(Math.abs(end - Date.now() - 365 * DAY_MS)).toBeLessThan(2 * DAY_MS);

    // The session is spent: no second subscription from a double click.
    expect((await press(checkoutPage.html, 'Pay')).status).toBe(404);
    expect((await page(session.url)).status).toBe(404);
    expect((await s.get(`/api/v1/payment/checkout-url/${session.sessionId}`)).status).toBe(404);

    const portal = await portalUrl(m);
    expect(portal).toMatch(/^http:\/\/ride\.test\/billing\/local\/portal\/[\w.-]+$/);
    const first = await page(portal);
    expect(first.html).toContain(LABEL);
    expect(first.html).toContain(
      '<a href="http://ride.test/portal-redirect">Back to RideAlong</a>',
    );
    expect([...formsOf(first.html).keys()]).toEqual([
      'Cancel plan',
      'Simulate failed payment',
      'Simulate successful payment',
      'End period now',
    ]);

    const cancelled = await portalPress(portal, 'Cancel plan');
    expect(cancelled).toContain('Restore plan');
    expect(await fetchUser(s, m)).toMatchObject({
      account_level: 'cancelled_period_not_over',
      previous_account_level: 'core',
      current_period_end_date: core.current_period_end_date,
    });
    await portalPress(portal, 'Restore plan');
    expect((await fetchUser(s, m)).account_level).toBe('core');
    await portalPress(portal, 'Simulate failed payment');
    expect(await fetchUser(s, m)).toMatchObject({ account_level: 'payment_failed' });
    await portalPress(portal, 'Simulate successful payment');
    const renewed = await fetchUser(s, m);
    expect(renewed.account_level).toBe('core');
    expect(new Date(renewed.current_period_end_date ?? 0).getTime()).toBeGreaterThan(
      end + 300 * DAY_MS,
    );
    await portalPress(portal, 'Cancel plan');
    const over = await portalPress(portal, 'End period now');
    expect(over).toContain('There is no subscription with the test provider.');
    expect(await fetchUser(s, m)).toMatchObject({
      account_level: 'free',
      previous_account_level: 'cancelled',
      stripe_sub_id: null,
    });
  });

  it('Cancel on the checkout page buys nothing and goes back to pricing', async () => {
    const m = await signUpMember(s);
    const session = await checkout(m, 'core');
    const html = (await page(session.url)).html;
    expect(html).toContain('$6.00 per month, billed monthly');
    const res = await press(html, 'Cancel');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://ride.test/pricing');
    expect((await fetchUser(s, m)).account_level).toBe('trial');
    expect((await press(html, 'Pay')).status).toBe(404);
  });

  it('refuses forms without a valid anti-CSRF field and forged portal links', async () => {
    const m = await signUpMember(s);
    const session = await checkout(m, 'core');
    const pay = formsOf((await page(session.url)).html).get('Pay');
    expect(pay).toBeDefined();
    const other = formsOf((await page((await checkout(m, 'core_year')).url)).html).get('Pay');
    // Another session's field does not fit this form; a missing one neither.
    expect((await submitForm(s, pay?.action ?? '', other?.csrf ?? '')).status).toBe(403);
    expect((await submitForm(s, pay?.action ?? '', '')).status).toBe(403);
    expect((await fetchUser(s, m)).account_level).toBe('trial');
    expect((await page('http://ride.test/billing/local/portal/eyJ1IjoxfQ.forged')).status).toBe(
      403,
    );
    // The right field still works.
    expect((await submitForm(s, pay?.action ?? '', pay?.csrf ?? '')).status).toBe(303);
    expect((await fetchUser(s, m)).account_level).toBe('core');
  });

  it('lets only the member buy and open billing, and only where the plan allows it', async () => {
    const a = await signUpMember(s);
    const b = await signUpMember(s);
    expect((await s.get('/api/v1/payment/setup')).status).toBe(401);
    const body = { type: 'core', user_id: a.id };
    expect((await s.post('/api/v1/payment/create-checkout-session', body)).status).toBe(401);
    expect((await s.post(`/api/v1/payment/${a.id}/customer-portal`, {})).status).toBe(401);
    expect((await s.post('/api/v1/payment/create-checkout-session', body, b.token)).status).toBe(
      403,
    );
    // A trial member has no billing yet.
    const trial = await s.post(`/api/v1/payment/${a.id}/customer-portal`, {}, a.token);
    expect(trial.status).toBe(403);
    expect(((await trial.json()) as { message: string }).message).toMatch(
      /^Billing is for members/,
    );

    // Pro is not on sale (payments-on-sale.test.ts): a Core subscriber.
    const paid = await press((await page((await checkout(a, 'core_year')).url)).html, 'Pay');
    expect(paid.status).toBe(303);
    expect((await fetchUser(s, a)).account_level).toBe('core');
    const again = await s.post('/api/v1/payment/create-checkout-session', body, a.token);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/already has a plan/);
    // A subscriber manages billing in the portal (docs/decisions.md, portal rule).
    expect((await s.post(`/api/v1/payment/${a.id}/customer-portal`, {}, a.token)).status).toBe(200);

    const c = await checkout(b, 'core');
    expect((await press((await page(c.url)).html, 'Pay')).status).toBe(303);
    expect((await s.post(`/api/v1/payment/${b.id}/customer-portal`, {}, a.token)).status).toBe(403);
    expect((await s.post(`/api/v1/payment/${b.id}/customer-portal`, {}, b.token)).status).toBe(200);
  });

  it('a checkout opened before buying elsewhere cannot buy a second plan', async () => {
    const m = await signUpMember(s);
    const first = await checkout(m, 'core');
    const second = await checkout(m, 'core_year');
    const secondHtml = (await page(second.url)).html;
    expect((await press((await page(first.url)).html, 'Pay')).status).toBe(303);
    const res = await press(secondHtml, 'Pay');
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(LABEL);
    expect(await fetchUser(s, m)).toMatchObject({ account_level: 'core' });
  });
});
