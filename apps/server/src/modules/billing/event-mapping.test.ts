import { describe, expect, it } from 'vitest';
import { mapProviderEvent } from './event-mapping.js';
import type { ProviderEvent } from './payment-provider.js';

const setup = {
  publishableKey: 'pk',
  corePrice: 'price_c',
  proPrice: 'price_p',
  corePriceYear: 'price_cy',
  proPriceYear: 'price_py',
  provider: 'stripe' as const,
};
const CREATED = Date.UTC(2025, 0, 31, 12) / 1000;
const evt = (type: string, object: unknown): ProviderEvent => ({
  id: 'evt_1',
  type,
  created: CREATED,
  data: { object },
});
const map = (type: string, object: unknown) => mapProviderEvent(evt(type, object), setup);

describe('mapProviderEvent', () => {
  it('checkout completed: the plan and interval of the metadata, the user, the customer', () => {
    const m = map('checkout.session.completed', {
      mode: 'subscription',
      client_reference_id: '7',
      customer: { id: 'cus_1' },
      subscription: 'sub_1',
      metadata: { type: 'pro_year' },
    });
    expect(m).toEqual({
      userId: 7,
      customerId: 'cus_1',
      storeCustomerId: 'cus_1',
      event: {
        type: 'subscription-started',
        plan: 'pro',
        subscriptionId: 'sub_1',
        periodEnd: new Date(Date.UTC(2026, 0, 31, 12)),
      },
    });
  });

  it('ignores payments that are not subscriptions and checkouts without a known type', () => {
    expect(map('checkout.session.completed', { mode: 'payment', subscription: null })).toBeNull();
    const noType = { mode: 'subscription', subscription: 'sub_1', metadata: { type: 'gold' } };
    expect(map('checkout.session.completed', noType)).toBeNull();
  });

  it('subscription updated, in both API shapes: plan from the price, period, status', () => {
    const current = map('customer.subscription.updated', {
      id: 'sub_1',
      customer: 'cus_1',
      status: 'past_due',
      cancel_at_period_end: true,
      items: { data: [{ price: { id: 'price_py' }, current_period_end: CREATED }] },
      metadata: { user_id: '9' },
    });
    expect(current).toMatchObject({
      userId: 9,
      event: {
        type: 'subscription-updated',
        plan: 'pro',
        status: 'past_due',
        cancelAtPeriodEnd: true,
        periodEnd: new Date(CREATED * 1000),
      },
    });
    const legacy = map('customer.subscription.updated', {
      id: 'sub_1',
      status: 'paused',
      cancel_at_period_end: false,
      current_period_end: CREATED,
      items: { data: [{ price: { id: 'price_elsewhere' } }] },
      metadata: { type: 'core' },
    });
    expect(legacy).toMatchObject({
      userId: null,
      customerId: null,
      event: { plan: 'core', status: 'incomplete' },
    });
  });

  it('subscription deleted, invoices failed and paid', () => {
    const sub = { id: 'sub_1', customer: 'cus_1', status: 'canceled', cancel_at_period_end: false };
    expect(map('customer.subscription.deleted', sub)?.event).toEqual({
      type: 'subscription-deleted',
      subscriptionId: 'sub_1',
    });
    const failed = map('invoice.payment_failed', {
      customer: 'cus_1',
      parent: { subscription_details: { subscription: 'sub_1', metadata: { user_id: '3' } } },
    });
    expect(failed).toMatchObject({ userId: 3, event: { type: 'payment-failed' } });
    for (const type of ['invoice.paid', 'invoice.payment_succeeded']) {
      const paid = map(type, {
        customer: 'cus_1',
        subscription: 'sub_1',
        lines: { data: [{ period: { end: CREATED } }, { period: { end: CREATED - 10 } }] },
      });
      expect(paid?.event).toEqual({
        type: 'payment-succeeded',
        subscriptionId: 'sub_1',
        periodEnd: new Date(CREATED * 1000),
      });
    }
  });

  it('ignores unknown types, one-off invoices and malformed objects', () => {
    expect(map('customer.created', { id: 'cus_1' })).toBeNull();
    expect(map('invoice.paid', { customer: 'cus_1', lines: { data: [] } })).toBeNull();
    expect(map('customer.subscription.updated', { id: 5 })).toBeNull();
    expect(map('invoice.payment_failed', 'not an object')).toBeNull();
  });
});
