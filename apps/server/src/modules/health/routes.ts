import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** GET /healthz: 200 only while the database answers; 503 otherwise. */
export const healthRoutes =
  (ping: () => Promise<boolean>): FastifyPluginAsyncZod =>
  async (app) => {
    const body = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean() });
    app.get(
      '/healthz',
      { schema: { tags: ['health'], response: { 200: body, 503: body } } },
      async (_req, reply) => {
        const database = await ping();
        return reply
          .code(database ? 200 : 503)
          .send({ status: database ? 'ok' : 'unavailable', database });
      },
    );
  };
