import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutSessionResponseSchema,
  checkoutStatusResponseSchema,
  checkoutUrlResponseSchema,
  createCheckoutSessionSchema,
  customerPortalResponseSchema,
  customerPortalSchema,
  desktopPortalStatusResponseSchema,
  failureSchema,
  idSchema,
  paymentSetupSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { PaymentsService } from './payments-service.js';
import type { WebhookHandler } from './webhook.js';

const sessionIdParams = z.object({
  sessionId: z.string().regex(/^[\w-]{1,255}$/, 'Invalid session'),
});

const errors = failureResponses(400, 401, 403, 404);

/** /api/v1/payment/*: thin routes over the payments service. */
export const paymentsRoutes =
  (payments: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payment/setup',
      { schema: { tags: ['payments'], response: { 200: paymentSetupSchema, ...errors } } },
      async (req) => {
        requireUser(req);
        return payments.setup();
      },
    );

    app.post(
      '/payment/create-checkout-session',
      {
        schema: {
          tags: ['payments'],
          body: createCheckoutSessionSchema,
          response: { 200: checkoutSessionResponseSchema, ...errors, 409: failureSchema },
        },
      },
      async (req) => payments.createCheckout(requireUser(req), req.body),
    );

    app.get(
      '/payment/checkout-url/:sessionId',
      {
        schema: {
          tags: ['payments'],
          params: sessionIdParams,
          response: { 200: checkoutUrlResponseSchema, ...errors, 409: failureSchema },
        },
      },
      async (req) => ({ url: await payments.checkoutUrl(req.params.sessionId) }),
    );

    // The desktop app's watch on a checkout it opened in the system browser. No session: the
    // app holds none; the session id the server issued to the member is the key.
    app.get(
      '/payment/checkout-status/:sessionId',
      {
        schema: {
          tags: ['payments'],
          params: sessionIdParams,
          response: { 200: checkoutStatusResponseSchema, ...errors },
        },
      },
      async (req) => ({ status: await payments.checkoutStatus(req.params.sessionId) }),
    );

    // Whether the member came back from a billing portal the desktop app opened (keyed by the
    // SHA-256 of the portal address, which only the member and the app were handed).
    app.get(
      '/payment/desktop-portal/:portalKey',
      {
        schema: {
          tags: ['payments'],
          params: z.object({ portalKey: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid portal key') }),
          response: { 200: desktopPortalStatusResponseSchema, ...errors },
        },
      },
      async (req) => ({ closed: await payments.portalClosed(req.params.portalKey) }),
    );

    app.post(
      '/payment/:userId/customer-portal',
      {
        schema: {
          tags: ['payments'],
          params: z.object({ userId: idSchema }),
          body: customerPortalSchema.optional(),
          response: { 200: customerPortalResponseSchema, ...errors, 409: failureSchema },
        },
      },
      async (req) => ({
        portal_url: await payments.customerPortal(
          requireUser(req),
          req.params.userId,
          req.body?.electronMode === true,
        ),
      }),
    );
  };

/**
 * POST /api/v1/payment/webhook in a plugin of its own: its body parser keeps the exact bytes
 * (the signature is over them) and does not change how other routes parse JSON.
 */
export const paymentWebhookRoute =
  (handle: WebhookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.post(
      '/payment/webhook',
      {
        schema: {
          tags: ['payments'],
          hide: true,
          response: { 200: z.object({ received: z.literal(true) }), 400: failureSchema },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['stripe-signature'];
        await handle(raw, typeof signature === 'string' ? signature : undefined);
        // Types we do not act on, and replays, are acknowledged too: Stripe stops resending.
        return { received: true as const };
      },
    );
  };
