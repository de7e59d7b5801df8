import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { fileSecret } from '../../lib/secrets.js';
import { desktopReturnPage } from './desktop-return-page.js';
import { desktopReturns } from './desktop-returns.js';
import { localActions } from './local/local-actions.js';
import { localProvider } from './local/local-provider.js';
import { localPageRoutes } from './local/local-routes.js';
import { localStore } from './local/local-store.js';
import { tokenSigner } from './local/signed-tokens.js';
import type { PaymentProvider } from './payment-provider.js';
import { paymentsRoutes, paymentWebhookRoute } from './payments-routes.js';
import { paymentsService } from './payments-service.js';
import { stripeProvider } from './stripe-provider.js';
import { webhookHandler } from './webhook.js';

export type Payments = {
  provider: PaymentProvider;
  /** Under /api/v1: payment/setup, create-checkout-session, checkout-url, customer-portal, webhook. */
  apiRoutes: FastifyPluginAsyncZod;
  /** The desktop app's portal return page, and the local provider's checkout and portal pages. */
  pageRoutes: FastifyPluginAsync | null;
};

/**
 * Stripe with STRIPE_SECRET_KEY, otherwise the local test provider when the config allows it
 * (LOCAL_PAYMENTS, see config.ts), and their routes.
 */
export async function payments(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<Payments> {
  const { config, db, log } = deps;
  const returns = desktopReturns(db);
  const returnPage = desktopReturnPage({ returns, publicUrl: config.publicUrl });
  const api = (provider: PaymentProvider): FastifyPluginAsyncZod => {
    const handle = webhookHandler({ db, provider, log });
    const service = paymentsService({
      provider,
      publicUrl: config.publicUrl,
      desktopReturns: returns,
    });
    return async (app) => {
      await app.register(paymentsRoutes(service));
      await app.register(paymentWebhookRoute(handle));
    };
  };
  if (config.stripe) {
    const provider = stripeProvider(config.stripe, log);
    return { provider, apiRoutes: api(provider), pageRoutes: returnPage };
  }
  // loadConfig refuses this already; a config built by hand must not get free plans either.
  if (!config.localPayments) {
    throw new Error('No payment provider: set STRIPE_SECRET_KEY, or LOCAL_PAYMENTS=true.');
  }
  log.warn('payments: the local test provider is in use (no real money moves; LOCAL_PAYMENTS)');
  // Kept in the data folder like media-signing.key: pages and links survive restarts.
  const webhookSecret = await fileSecret(path.join(config.dataDir, 'local-payments-webhook.key'));
  const store = localStore(db);
  const portalTokens = tokenSigner(webhookSecret, 'local-portal');
  const provider = localProvider({
    store,
    publicUrl: config.publicUrl,
    webhookSecret,
    portalTokens,
  });
  const actions = localActions({
    db,
    store,
    webhookSecret,
    deliverWebhook: webhookHandler({ db, provider, log }),
  });
  return {
    provider,
    apiRoutes: api(provider),
    pageRoutes: async (app) => {
      await app.register(returnPage);
      await app.register(
        localPageRoutes({
          actions,
          portalTokens,
          formTokens: tokenSigner(webhookSecret, 'local-form'),
          publicUrl: config.publicUrl,
        }),
      );
    },
  };
}
