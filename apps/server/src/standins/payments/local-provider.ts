import Stripe from 'stripe';
import type { PaymentSetup } from '@ridealong/contracts';
import { badRequest } from '../../http/errors.js';
import { newSecret } from '../../lib/secrets.js';
import type { PaymentProvider } from '../../modules/billing/index.js';
import type { LocalStore } from './local-store.js';
import { localPriceId } from './local-events.js';
import type { TokenSigner } from './signed-tokens.js';

/** How long a portal address (and the forms on its page) stays usable. */
export const PORTAL_TTL_MS = 60 * 60 * 1000;

export const LOCAL_SETUP: PaymentSetup = {
  publishableKey: 'pk_local_test',
  corePrice: localPriceId('core'),
  proPrice: localPriceId('pro'),
  corePriceYear: localPriceId('core_year'),
  proPriceYear: localPriceId('pro_year'),
  provider: 'local',
};

export const localPaths = {
  checkout: (sessionId: string) => `/billing/local/checkout/${sessionId}`,
  portal: (token: string) => `/billing/local/portal/${token}`,
};

/**
 * The built-in TEST payment provider (no STRIPE_SECRET_KEY): checkout and portal pages served
 * by this server, and webhooks signed with a local secret in Stripe's format.
 */
export function localProvider(deps: {
  store: LocalStore;
  publicUrl: string;
  webhookSecret: string;
  portalTokens: TokenSigner;
}): PaymentProvider {
  const { store, publicUrl } = deps;
  return {
    name: 'local',
    setup: () => LOCAL_SETUP,
    async createCheckoutSession(user, type, urls) {
      const sessionId = `cs_local_${newSecret()}`;
      await store.createSession({ id: sessionId, userId: user.id, type, ...urls });
      return { sessionId, url: publicUrl + localPaths.checkout(sessionId) };
    },
    async checkoutUrl(sessionId) {
      const session = await store.openSession(sessionId);
      return session
        ? { url: publicUrl + localPaths.checkout(session.id), type: session.type }
        : null;
    },
    checkoutStatus: async (sessionId) => (await store.session(sessionId))?.state ?? null,
    async customerPortal(user, returnUrl) {
      const token = deps.portalTokens.sign({ u: user.id, r: returnUrl }, PORTAL_TTL_MS);
      return publicUrl + localPaths.portal(token);
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw badRequest('The Stripe-Signature header is missing.');
      try {
        return Stripe.webhooks.constructEvent(rawBody, signatureHeader, deps.webhookSecret);
      } catch {
        throw badRequest('The webhook signature is not valid.');
      }
    },
  };
}
