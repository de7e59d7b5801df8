import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adServingSchema, adSlotSchema, failureSchema, idParamsSchema } from '@ridealong/contracts';
import { clientNetwork } from '../../http/client-network.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { UserRow } from '../../db/schema.js';
import type { AdsService, AdViewer } from './service.js';

const slotQuerySchema = z.object({ slot: adSlotSchema });
const errors = failureResponses(400, 403, 404, 429);
/** Per viewer and per visit: no cache may keep or share one viewer's ad. */
const NO_STORE = 'private, no-store';

const viewerOf = (req: {
  currentUser: UserRow | null;
  ip: string;
  headers: { 'user-agent'?: string; 'sec-fetch-site'?: string | string[] };
}): AdViewer => ({
  member: req.currentUser,
  network: clientNetwork(req.ip),
  userAgent: req.headers['user-agent'],
  // Browsers say where a request comes from; another site's page must not count for ours.
  // Without the header (older browsers, the desktop app's own requests) it cannot be told.
  fromOurPages: ['same-origin', undefined].includes(req.headers['sec-fetch-site']?.toString()),
});

/** Ads as slots show them (issue 27): guests included, the server decides who gets ads. */
export const adsRoutes =
  (ads: AdsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ads',
      {
        logLevel: 'warn',
        schema: {
          tags: ['ads'],
          querystring: slotQuerySchema,
          response: { 200: adServingSchema, 400: failureSchema },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', NO_STORE);
        return ads.serve(req.currentUser, req.query.slot);
      },
    );

    app.post(
      '/ads/:id/impression',
      {
        // Request logs would tie a visitor's address to an ad: only warnings and errors.
        logLevel: 'warn',
        schema: {
          tags: ['ads'],
          params: idParamsSchema,
          querystring: slotQuerySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await ads.impression(req.params.id, viewerOf(req));
        return reply.header('cache-control', NO_STORE).code(204).send(null);
      },
    );

    app.get(
      '/ads/:id/click',
      {
        // A HEAD (link checkers, previews) must not count as a click.
        exposeHeadRoute: false,
        logLevel: 'warn',
        schema: {
          tags: ['ads'],
          params: idParamsSchema,
          querystring: slotQuerySchema,
          response: errors,
        },
      },
      async (req, reply) => {
        // Only the ad's stored link, never anything from the request: no open redirect.
        const link = await ads.click(req.params.id, viewerOf(req));
        return reply.header('cache-control', NO_STORE).redirect(link, 302);
      },
    );
  };
