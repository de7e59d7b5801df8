import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { desktopReturnPage } from './desktop-return-page.js';
import { desktopReturns } from './desktop-returns.js';
import type { PaymentProvider } from './payment-provider.js';
import type { PaymentsStandIn } from './payments-standin.js';
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
  /** The local test provider (src/standins/payments), used with LOCAL_PAYMENTS. */
  standIn: PaymentsStandIn;
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
  const local = await deps.standIn({
    db,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    webhookFor: (provider) => webhookHandler({ db, provider, log }),
  });
  return {
    provider: local.provider,
    apiRoutes: api(local.provider),
    pageRoutes: async (app) => {
      await app.register(returnPage);
      await app.register(local.pageRoutes);
    },
  };
}
