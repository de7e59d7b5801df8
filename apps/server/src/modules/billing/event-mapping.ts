import { z } from 'zod';
import { checkoutTypeSchema, type CheckoutType, type PaymentSetup } from '@ridealong/contracts';
import type { ProviderEvent } from './payment-provider.js';
import { addInterval, intervalOf, planOf, typeOfPrice } from './prices.js';
import type { AccountEvent } from './transitions.js';

/**
 * Stripe webhook events (both providers send them) to account events, as a pure function. The
 * objects are parsed leniently: only the fields read here, in both the older API shape
 * (subscription.current_period_end, invoice.subscription) and the newer one (the period on
 * subscription items, the subscription under invoice.parent), since the version of an event is
 * the endpoint's, not the SDK's.
 */
export type MappedEvent = {
  /** Who it is about: metadata.user_id (or client_reference_id) first, else the customer. */
  userId: number | null;
  customerId: string | null;
  event: AccountEvent;
  /** A customer id to keep on the user (checkout completed). */
  storeCustomerId: string | null;
};

const idOf = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => {
  return typeof v === 'string' ? v : v.id;
});
const metadataSchema = z.record(z.string(), z.string()).nullish();

const userIdOf = (...candidates: (string | null | undefined)[]): number | null => {
  for (const c of candidates) {
    if (c && /^\d{1,10}$/.test(c)) return Number(c);
  }
  return null;
};
const typeIn = (metadata: Record<string, string> | null | undefined): CheckoutType | null => {
  const parsed = checkoutTypeSchema.safeParse(metadata?.type);
  return parsed.success ? parsed.data : null;
};
const fromUnix = (s: number) => new Date(s * 1000);

const checkoutSessionSchema = z.object({
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  metadata: metadataSchema,
});

const subscriptionSchema = z.object({
  id: z.string(),
  customer: idOf.nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.number().nullish(),
  items: z
    .object({
      data: z.array(
        z.object({ price: z.object({ id: z.string() }), current_period_end: z.number().nullish() }),
      ),
    })
    .nullish(),
  metadata: metadataSchema,
});

const invoiceSchema = z.object({
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: idOf, metadata: metadataSchema }).nullish(),
    })
    .nullish(),
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ end: z.number() }).nullish() })) })
    .nullish(),
  period_end: z.number().nullish(),
});

type SubscriptionStatus = Extract<AccountEvent, { type: 'subscription-updated' }>['status'];
const STATUSES: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'unpaid',
  canceled: 'canceled',
  incomplete: 'incomplete',
  // Neither asks for a level change by itself: the deletion event follows an expiry.
  incomplete_expired: 'incomplete',
  paused: 'incomplete',
};

function fromCheckout(evt: ProviderEvent): MappedEvent | null {
  const s = checkoutSessionSchema.safeParse(evt.data.object);
  if (!s.success || s.data.mode !== 'subscription' || !s.data.subscription) return null;
  const type = typeIn(s.data.metadata);
  if (!type) return null;
  const customerId = s.data.customer ?? null;
  return {
    userId: userIdOf(s.data.metadata?.user_id, s.data.client_reference_id),
    customerId,
    storeCustomerId: customerId,
    // The session carries no period; the first one ends an interval after payment, and the
    // subscription events that follow set the provider's exact date.
    event: {
      type: 'subscription-started',
      plan: planOf(type),
      subscriptionId: s.data.subscription,
      periodEnd: addInterval(fromUnix(evt.created), intervalOf(type)),
    },
  };
}

function fromSubscription(evt: ProviderEvent, setup: PaymentSetup): MappedEvent | null {
  const s = subscriptionSchema.safeParse(evt.data.object);
  if (!s.success) return null;
  const sub = s.data;
  const item = sub.items?.data[0];
  const type = (item && typeOfPrice(setup, item.price.id)) ?? typeIn(sub.metadata);
  const periodEnd = sub.current_period_end ?? item?.current_period_end;
  const base = {
    userId: userIdOf(sub.metadata?.user_id),
    customerId: sub.customer ?? null,
    storeCustomerId: null,
  };
  if (evt.type === 'customer.subscription.deleted')
    return { ...base, event: { type: 'subscription-deleted', subscriptionId: sub.id } };
  if (!type || !periodEnd) return null;
  return {
    ...base,
    event: {
      type: 'subscription-updated',
      plan: planOf(type),
      subscriptionId: sub.id,
      periodEnd: fromUnix(periodEnd),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      status: STATUSES[sub.status] ?? 'incomplete',
    },
  };
}

function fromInvoice(evt: ProviderEvent): MappedEvent | null {
  const s = invoiceSchema.safeParse(evt.data.object);
  if (!s.success) return null;
  const inv = s.data;
  const details = inv.parent?.subscription_details;
  const subscriptionId = details?.subscription ?? inv.subscription;
  if (!subscriptionId) return null; // a one-off invoice, not about a plan
  const base = {
    userId: userIdOf(details?.metadata?.user_id),
    customerId: inv.customer ?? null,
    storeCustomerId: null,
  };
  if (evt.type === 'invoice.payment_failed')
    return { ...base, event: { type: 'payment-failed', subscriptionId } };
  const ends = (inv.lines?.data ?? []).flatMap((l) => (l.period ? [l.period.end] : []));
  const periodEnd = ends.length > 0 ? Math.max(...ends) : inv.period_end;
  if (!periodEnd) return null;
  return {
    ...base,
    event: { type: 'payment-succeeded', subscriptionId, periodEnd: fromUnix(periodEnd) },
  };
}

/** The account event of a provider event, or null for types (and objects) we do not act on. */
export function mapProviderEvent(evt: ProviderEvent, setup: PaymentSetup): MappedEvent | null {
  switch (evt.type) {
    case 'checkout.session.completed':
      return fromCheckout(evt);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return fromSubscription(evt, setup);
    case 'invoice.payment_failed':
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return fromInvoice(evt);
    default:
      return null;
  }
}
