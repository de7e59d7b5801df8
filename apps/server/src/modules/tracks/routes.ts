import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  failureSchema,
  idParamsSchema,
  okSchema,
  tracksIndexQuerySchema,
  tracksIndexResponseSchema,
  userDataQuerySchema,
  userStatsSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import type { MediaSigner } from '../media/signing.js';
import { presentTrack } from './presenter.js';
import type { TracksService } from './service.js';

const errors = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };

/** Activities calls of document 001 section 7, plus DELETE and the FIT export. */
export const tracksRoutes =
  (tracks: TracksService, signer: MediaSigner): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tracks/index',
      {
        schema: {
          tags: ['tracks'],
          querystring: tracksIndexQuerySchema,
          response: { 200: tracksIndexResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { count, rows } = await tracks.index(requireUser(req), req.query);
        return { count, rows: rows.map((r) => presentTrack(r, signer)) };
      },
    );

    // The spec's v1 contract deletes with a GET; DELETE is the REST spelling.
    for (const [method, url] of [
      ['GET', '/tracks/:id/delete'],
      ['DELETE', '/tracks/:id'],
    ] as const) {
      app.route({
        method,
        url,
        schema: {
          tags: ['tracks'],
          params: idParamsSchema,
          response: { 200: okSchema, ...errors },
        },
        handler: async (req) => {
          await tracks.remove(requireUser(req), req.params.id);
          return { status: 'success' as const };
        },
      });
    }

    app.get(
      '/user/data',
      {
        schema: {
          tags: ['tracks'],
          querystring: userDataQuerySchema,
          response: { 200: userStatsSchema, ...errors },
        },
      },
      async (req) => tracks.userData(requireUser(req), req.query.user_id, req.query.tz),
    );

    app.get(
      '/tracks/:id/fit',
      {
        schema: {
          tags: ['tracks'],
          description: 'The ride as a FIT activity file (application/vnd.ant.fit).',
          params: idParamsSchema,
        },
      },
      async (req, reply) => {
        const { fileName, bytes } = await tracks.fit(requireUser(req), req.params.id);
        return reply
          .header('content-type', 'application/vnd.ant.fit')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(Buffer.from(bytes));
      },
    );
  };
