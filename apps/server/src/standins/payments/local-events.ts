import Stripe from 'stripe';
import { newSecret } from '../../lib/secrets.js';
import { intervalOf } from '../../modules/billing/index.js';
import type { LocalSession, LocalSubscription } from './local-store.js';

/**
 * Stripe-shaped events of the local provider: the same type names and the object fields the
 * event mapping reads, so a local purchase drives exactly the webhook path a Stripe one does.
 */
export type LocalEventType =
  | 'checkout.session.completed'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.payment_failed'
  | 'invoice.paid';

export const localPriceId = (type: LocalSubscription['type']) => `price_local_${type}`;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const metadataOf = (sub: LocalSubscription) => ({ user_id: String(sub.userId), type: sub.type });

function envelope(type: LocalEventType, object: Record<string, unknown>, now: Date) {
  return {
    id: `evt_local_${newSecret()}`,
    object: 'event',
    type,
    created: unix(now),
    livemode: false,
    data: { object },
  };
}

export function checkoutCompleted(session: LocalSession, sub: LocalSubscription, now: Date) {
  return envelope(
    'checkout.session.completed',
    {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: String(session.userId),
      customer: sub.customerId,
      subscription: sub.id,
      metadata: metadataOf(sub),
    },
    now,
  );
}

export function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  sub: LocalSubscription,
  now: Date,
) {
  const periodEnd = unix(sub.currentPeriodEnd);
  return envelope(
    type,
    {
      id: sub.id,
      object: 'subscription',
      customer: sub.customerId,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${sub.id}`,
            object: 'subscription_item',
            price: {
              id: localPriceId(sub.type),
              object: 'price',
              recurring: { interval: intervalOf(sub.type) },
            },
            current_period_end: periodEnd,
          },
        ],
      },
      metadata: metadataOf(sub),
    },
    now,
  );
}

export function invoiceEvent(
  type: 'invoice.payment_failed' | 'invoice.paid',
  sub: LocalSubscription,
  periodStart: Date,
  now: Date,
) {
  return envelope(
    type,
    {
      id: `in_local_${newSecret()}`,
      object: 'invoice',
      customer: sub.customerId,
      status: type === 'invoice.paid' ? 'paid' : 'open',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: metadataOf(sub) },
      },
      lines: {
        object: 'list',
        data: [{ period: { start: unix(periodStart), end: unix(sub.currentPeriodEnd) } }],
      },
    },
    now,
  );
}

/**
 * The exact bytes and Stripe-Signature header of an event, signed with the local webhook
 * secret by the SDK's own signer: the verification on the webhook path is Stripe's.
 */
export function signEvent(event: object, secret: string): { rawBody: Buffer; signature: string } {
  const payload = JSON.stringify(event);
  return {
    rawBody: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}
