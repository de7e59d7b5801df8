import type { CheckoutStatus, CheckoutType, PaymentSetup } from '@ridealong/contracts';
import type { UserRow } from '../../db/schema.js';

/**
 * The payment side effect behind one small interface (docs/billing.md, "Payments"): Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the built-in local test provider. Both speak Stripe's
 * webhook dialect, so one webhook path turns their events into account levels.
 */
export type PaymentUser = Pick<UserRow, 'id' | 'email' | 'stripeCustomerId'>;

export type CheckoutUrls = { successUrl: string; cancelUrl: string };

/** A webhook event whose signature was checked: Stripe's event envelope, object unread yet. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: unknown };
};

export interface PaymentProvider {
  readonly name: PaymentSetup['provider'];
  /** The publishable key and the price ids of the four checkout types. */
  setup(): PaymentSetup;
  createCheckoutSession(
    user: PaymentUser,
    type: CheckoutType,
    urls: CheckoutUrls,
  ): Promise<{ sessionId: string; url: string }>;
  /**
   * Where an open checkout session is paid, and what it sells (null when the session does not
   * say); null when it is unknown, paid or expired.
   */
  checkoutUrl(sessionId: string): Promise<{ url: string; type: CheckoutType | null } | null>;
  /** An issued checkout session's status (open, complete, expired); null when unknown. */
  checkoutStatus(sessionId: string): Promise<CheckoutStatus | null>;
  /** A billing portal address for the member, coming back to `returnUrl`. */
  customerPortal(user: PaymentUser, returnUrl: string): Promise<string>;
  /** The event of a webhook request; throws a 400 HttpError when the signature does not match. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
