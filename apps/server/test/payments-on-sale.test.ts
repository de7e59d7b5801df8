import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLANS_ON_SALE } from '@ridealong/contracts';
import { localCheckoutSessions } from '../src/db/schema.js';
import { PAYMENT_MESSAGES } from '../src/modules/billing/payments-service.js';
import { fetchUser, LENIENT_LIMITS, signUpMember, type Member } from './billing-fixtures.js';
import { backends, startServer, type TestServer } from './harness.js';
import {
  fakeStripe,
  formsOf,
  submitForm,
  type FakeStripe,
  stripeTestEnv,
} from './payments-fixtures.js';

/**
 * PLANS_ON_SALE (contracts) on the server: Pro is coming soon, so no checkout path sells it,
 * whatever the client (the web, the desktop app's electronMode, a script). Core still sells.
 */

const OFF_SALE = ['pro', 'pro_year'] as const;

async function refused(res: Response): Promise<void> {
  expect({ status: res.status, body: await res.json() }).toEqual({
    status: 409,
    body: { status: 'failure', message: PAYMENT_MESSAGES.notOnSale },
  });
}

const checkout = (s: TestServer, m: Member, type: string, electronMode?: boolean) =>
  s.post(
    '/api/v1/payment/create-checkout-session',
    {
      type,
      user_id: m.id,
      email: m.email,
      ...(electronMode === undefined ? {} : { electronMode }),
    },
    m.token,
  );

it('has Core, and not Pro, on sale', () => {
  expect(PLANS_ON_SALE).toEqual(['core']);
});

describe.each(backends)('plans not on sale, local provider on $name', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend, LENIENT_LIMITS);
  });
  afterAll(() => s.close());

  it('refuses a Pro checkout from the web and the desktop app, and opens no session', async () => {
    const m = await signUpMember(s);
    for (const type of OFF_SALE) {
      for (const electronMode of [undefined, false, true]) {
        await refused(await checkout(s, m, type, electronMode));
      }
    }
    const sessions = await s.database.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.userId, m.id));
    expect(sessions).toEqual([]);
    for (const type of ['core', 'core_year']) expect((await checkout(s, m, type)).status).toBe(200);
    expect((await checkout(s, m, 'core', true)).status).toBe(200);
  });

  it('neither hands on nor takes payment for a Pro session opened before', async () => {
    const m = await signUpMember(s);
    const id = `cs_local_older_${m.id}`;
    await s.database.db.insert(localCheckoutSessions).values({
      id,
      userId: m.id,
      type: 'pro',
      successUrl: 'http://ride.test/payment-sucess',
      cancelUrl: 'http://ride.test/pricing',
    });
    await refused(await s.get(`/api/v1/payment/checkout-url/${id}`));
    const page = await fetch(`${s.baseUrl}/billing/local/checkout/${id}`);
    const pay = formsOf(await page.text()).get('Pay');
    if (!pay) throw new Error('no Pay button');
    const res = await submitForm(s, pay.action, pay.csrf);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('coming soon');
    expect((await fetchUser(s, m)).account_level).toBe('trial');
  });
});

describe.each(backends)('plans not on sale, Stripe on $name', (backend) => {
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

  it('asks Stripe for no Pro checkout, and hands on no older Pro session', async () => {
    const m = await signUpMember(s);
    for (const type of OFF_SALE) {
      for (const electronMode of [undefined, true]) {
        await refused(await checkout(s, m, type, electronMode));
      }
    }
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions')).toEqual([]);

    fake.sessionTypes.set('cs_test_fake_900001', 'pro_year');
    await refused(await s.get('/api/v1/payment/checkout-url/cs_test_fake_900001'));
    const core = (await (await checkout(s, m, 'core')).json()) as { sessionId: string };
    expect((await s.get(`/api/v1/payment/checkout-url/${core.sessionId}`)).status).toBe(200);
  });
});
