import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUser, LENIENT_LIMITS, signUpMember, type Member } from './billing-fixtures.js';
import { backends, startServer, type TestServer } from './harness.js';
import {
  fakeStripe,
  postEvent,
  postSigned,
  type FakeStripe,
  stripeTestEnv,
} from './payments-fixtures.js';

const SECRET = 'whsec_test_secret';
const DAY = 86_400;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

describe.each(backends)('Stripe payments on $name', (backend) => {
  let fake: FakeStripe;
  let s: TestServer;
  let m: Member;
  let n = 0;
  const event = (type: string, object: object, created = unix(new Date())) => ({
    id: `evt_test_${++n}`,
    type,
    created,
    data: { object },
  });
  /** customer.subscription.updated in the current API shape (period on the item). */
  const subscription = (over: Record<string, unknown>, periodEnd: number) => ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    items: { data: [{ price: { id: 'price_core' }, current_period_end: periodEnd }] },
    metadata: { user_id: String(m.id), type: 'core' },
    ...over,
  });
  const send = async (e: ReturnType<typeof event>, status = 200) => {
    const res = await postEvent(s, e, SECRET);
    expect(res.status).toBe(status);
    return res;
  };

  beforeAll(async () => {
    fake = await fakeStripe();
    s = await startServer(backend, {
      ...LENIENT_LIMITS,
      ...stripeTestEnv(fake.url, SECRET),
    });
    m = await signUpMember(s);
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  it('answers the setup with the Stripe keys and prices', async () => {
    const res = await s.get('/api/v1/payment/setup', m.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      publishableKey: 'pk_test_fake',
      corePrice: 'price_core',
      proPrice: 'price_pro',
      corePriceYear: 'price_core_year',
      proPriceYear: 'price_pro_year',
      provider: 'stripe',
    });
  });

  it('creates a subscription checkout at Stripe for the member', async () => {
    const res = await s.post(
      '/api/v1/payment/create-checkout-session',
      { type: 'core', user_id: m.id, priceId: 'price_from_client', electronMode: true },
      m.token,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { sessionId: string; url: string };
    expect(body.sessionId).toMatch(/^cs_test_fake_\d+$/);
    expect(body.url).toBe(`https://checkout.stripe.fake/c/pay/${body.sessionId}`);
    const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(sent?.auth).toBe('Bearer sk_test_fake');
    expect(Object.fromEntries(sent?.body ?? [])).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_core',
      client_reference_id: String(m.id),
      'metadata[user_id]': String(m.id),
      'metadata[type]': 'core',
      'subscription_data[metadata][user_id]': String(m.id),
      customer_email: m.email,
      success_url: 'http://ride.test/payment-sucess',
      cancel_url: 'http://ride.test/pricing',
    });

    const redirect = await s.get(`/api/v1/payment/checkout-url/${body.sessionId}`);
    expect(await redirect.json()).toEqual({ url: body.url });
    expect((await s.get('/api/v1/payment/checkout-url/cs_unknown')).status).toBe(404);
    expect((await s.get('/api/v1/payment/checkout-url/bad%20id')).status).toBe(400);
  });

  it('moves the member through the plan with signed webhook events', async () => {
    const paidAt = new Date();
    await send(
      event(
        'checkout.session.completed',
        {
          id: 'cs_test_done',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: String(m.id),
          customer: 'cus_1',
          subscription: 'sub_1',
          metadata: { user_id: String(m.id), type: 'core' },
        },
        unix(paidAt),
      ),
    );
    const core = await fetchUser(s, m);
    expect(core).toMatchObject({ account_level: 'core', stripe_sub_id: 'sub_1' });
    const end = new Date(core.current_period_end_date ?? 0).getTime();
    expect(end).toBeGreaterThan(paidAt.getTime() + 27 * DAY * 1000);
    expect(end).toBeLessThan(paidAt.getTime() + 32 * DAY * 1000);

    // The customer id was kept: the portal opens at Stripe for it.
    const portal = await s.post(`/api/v1/payment/${m.id}/customer-portal`, {}, m.token);
    expect(portal.status).toBe(200);
    expect(((await portal.json()) as { portal_url: string }).portal_url).toMatch(
      /^https:\/\/billing\.stripe\.fake\/p\/session\/\d+$/,
    );
    const sent = fake.requests.find((r) => r.path === '/v1/billing_portal/sessions');
    expect(sent?.body.get('customer')).toBe('cus_1');
    expect(sent?.body.get('return_url')).toBe('http://ride.test/portal-redirect');

    const periodEnd = unix(new Date()) + 40 * DAY;
    const cancel = event(
      'customer.subscription.updated',
      subscription({ cancel_at_period_end: true }, periodEnd),
    );
    await send(cancel);
    expect(await fetchUser(s, m)).toMatchObject({
      account_level: 'cancelled_period_not_over',
      previous_account_level: 'core',
      current_period_end_date: new Date(periodEnd * 1000).toISOString(),
    });

    await send(event('customer.subscription.updated', subscription({}, periodEnd)));
    expect((await fetchUser(s, m)).account_level).toBe('core');
    // A replay of the older cancel (same event id) changes nothing.
    await send(cancel);
    expect((await fetchUser(s, m)).account_level).toBe('core');

    // The newer invoice shape, found by the customer id alone.
    await send(
      event('invoice.payment_failed', {
        object: 'invoice',
        customer: 'cus_1',
        parent: { subscription_details: { subscription: 'sub_1', metadata: null } },
      }),
    );
    expect(await fetchUser(s, m)).toMatchObject({
      account_level: 'payment_failed',
      previous_account_level: 'core',
    });

    const nextEnd = periodEnd + 30 * DAY;
    await send(
      event('invoice.paid', {
        object: 'invoice',
        customer: 'cus_1',
        subscription: 'sub_1',
        lines: { data: [{ period: { start: periodEnd, end: nextEnd } }] },
      }),
    );
    expect(await fetchUser(s, m)).toMatchObject({
      account_level: 'core',
      current_period_end_date: new Date(nextEnd * 1000).toISOString(),
    });

    await send(
      event('customer.subscription.updated', subscription({ cancel_at_period_end: true }, nextEnd)),
    );
    await send(
      event('customer.subscription.deleted', subscription({ status: 'canceled' }, nextEnd)),
    );
    expect(await fetchUser(s, m)).toMatchObject({
      account_level: 'free',
      previous_account_level: 'cancelled',
      stripe_sub_id: null,
    });
  });

  it('refuses bad signatures with 400 and changes nothing; unknown types are acknowledged', async () => {
    const before = await fetchUser(s, m);
    const start = event('checkout.session.completed', {
      mode: 'subscription',
      client_reference_id: String(m.id),
      customer: 'cus_1',
      subscription: 'sub_2',
      metadata: { user_id: String(m.id), type: 'pro' },
    });
    expect((await postEvent(s, start, 'whsec_someone_else')).status).toBe(400);
    const payload = JSON.stringify(start);
    expect((await postSigned(s, payload)).status).toBe(400);
    expect((await postSigned(s, payload, 't=1,v1=deadbeef')).status).toBe(400);
    expect(await fetchUser(s, m)).toEqual(before);

    await send(event('customer.created', { id: 'cus_9', object: 'customer' }));
    await send(event('invoice.paid', { object: 'invoice', customer: 'cus_1' }));
    expect(await fetchUser(s, m)).toEqual(before);

    // The same event, signed properly, is applied once.
    await send(start);
    await send(start);
    expect(await fetchUser(s, m)).toMatchObject({ account_level: 'pro', stripe_sub_id: 'sub_2' });
  });
});
