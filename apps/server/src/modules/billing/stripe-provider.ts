import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { checkoutStatusResponseSchema, checkoutTypeSchema } from '@ridealong/contracts';
import type { StripeSettings } from '../../config.js';
import { badRequest, conflict, HttpError } from '../../http/errors.js';
import type { PaymentProvider } from './payment-provider.js';

/** host/port/protocol for the SDK from STRIPE_API_URL (a local fake in tests). */
function apiAddress(
  apiUrl: string | null,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe's answers are not the member's fault: log them and answer 502 without details. */
async function call<T>(log: FastifyBaseLogger, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    log.error({ err }, `stripe ${what} failed`);
    throw new HttpError(502, 'The payment provider did not accept the request. Please try again.');
  }
}

/** Stripe through the official SDK: hosted checkout, the billing portal, signed webhooks. */
export function stripeProvider(settings: StripeSettings, log: FastifyBaseLogger): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...apiAddress(settings.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  const setup = () => ({
    publishableKey: settings.publishableKey,
    corePrice: settings.prices.core,
    proPrice: settings.prices.pro,
    corePriceYear: settings.prices.core_year,
    proPriceYear: settings.prices.pro_year,
    provider: 'stripe' as const,
  });
  return {
    name: 'stripe',
    setup,
    async createCheckoutSession(user, type, urls) {
      // The user id travels in client_reference_id and in the metadata of the session and of
      // the subscription, so every later event (invoices too) names the member.
      const metadata = { user_id: String(user.id), type };
      const session = await call(log, 'checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: settings.prices[type], quantity: 1 }],
          client_reference_id: String(user.id),
          metadata,
          subscription_data: { metadata },
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
          ...(user.stripeCustomerId
            ? { customer: user.stripeCustomerId }
            : { customer_email: user.email }),
        }),
      );
      if (!session.url) throw new HttpError(502, 'The payment provider gave no checkout page.');
      return { sessionId: session.id, url: session.url };
    },
    async checkoutUrl(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status !== 'open' || !session.url) return null;
        // Our sessions carry their type in the metadata (createCheckoutSession).
        const type = checkoutTypeSchema.safeParse(session.metadata?.type);
        return { url: session.url, type: type.success ? type.data : null };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return null;
        return call(log, 'checkout lookup', () => Promise.reject(err));
      }
    },
    async checkoutStatus(sessionId) {
      try {
        const { status } = await stripe.checkout.sessions.retrieve(sessionId);
        const known = checkoutStatusResponseSchema.shape.status.safeParse(status);
        return known.success ? known.data : null;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return null;
        return call(log, 'checkout status', () => Promise.reject(err));
      }
    },
    async customerPortal(user, returnUrl) {
      const customer = user.stripeCustomerId;
      if (!customer) throw conflict('There is no billing account for this member yet.');
      const portal = await call(log, 'portal', () =>
        stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
      );
      return portal.url;
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw badRequest('The Stripe-Signature header is missing.');
      try {
        return stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret);
      } catch {
        throw badRequest('The webhook signature is not valid.');
      }
    },
  };
}
