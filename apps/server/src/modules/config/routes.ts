import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@ridealong/contracts';

/** GET /api/v1/config: what the web app needs to know before anyone signs in. */
export const publicConfigRoutes =
  (get: () => PublicConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/config',
      { schema: { tags: ['config'], response: { 200: publicConfigSchema } } },
      async () => get(),
    );
  };
