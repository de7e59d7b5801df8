import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import type { WebhookHandler } from './webhook.js';

/**
 * The local test provider with its checkout and portal pages (src/standins/payments): what
 * billing runs without STRIPE_SECRET_KEY when LOCAL_PAYMENTS allows it. app-modules.ts passes
 * it in, so production code never imports it. `webhookFor`: the webhook handler its pages
 * deliver their events to, as Stripe would.
 */
export type PaymentsStandIn = (deps: {
  db: Db;
  publicUrl: string;
  dataDir: string;
  webhookFor: (provider: PaymentProvider) => WebhookHandler;
}) => Promise<{ provider: PaymentProvider; pageRoutes: FastifyPluginAsync }>;
