import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playbackQuerySchema, playbackSchema, raceIdParamsSchema } from '@ridealong/contracts';
import { notFound } from '../../http/errors.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { Storage } from '../../lib/storage.js';
import { parseRange } from './range.js';
import type { MediaService } from './service.js';

const errors = failureResponses(403, 404, 409);

/** GET /api/v1/race/{id}/playback: signed URLs within the viewer's plan (403 outside it). */
export const playbackRoutes =
  (media: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/race/:id/playback',
      {
        schema: {
          tags: ['videos'],
          params: raceIdParamsSchema,
          querystring: playbackQuerySchema,
          response: { 200: playbackSchema, ...errors },
        },
      },
      (req) => media.playback(req.currentUser, req.params.id, req.query.mode),
    );
  };

// One wildcard rather than '/media/:token/*': tokens are longer than the router's 100-character
// parameter limit. /media/public/* (static files) stays more specific and wins.
const fileParams = z.object({ '*': z.string().max(2500) });

/**
 * GET /media/{token}/{file}: the token is the authorisation (no session needed, so players and
 * the desktop app fetch segments directly). Byte ranges for files; manifests are rewritten.
 */
export const mediaFileRoutes =
  (media: MediaService, storage: Storage): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/media/*', { schema: { hide: true, params: fileParams } }, async (req, reply) => {
      const rest = req.params['*'];
      const slash = rest.indexOf('/');
      if (slash <= 0) throw notFound();
      const answer = await media.resolve(rest.slice(0, slash), rest.slice(slash + 1));
      const maxAge = Math.max(0, Math.min(86_400, answer.grant.expiresAt - Date.now() / 1000));
      reply
        .header('cache-control', `private, max-age=${Math.floor(maxAge)}`)
        .header('access-control-allow-origin', '*')
        .type(answer.contentType);
      if (answer.kind === 'text') return reply.send(answer.body);

      const info = await storage.stat(answer.key);
      if (!info) throw notFound();
      reply.header('accept-ranges', 'bytes').header('last-modified', info.mtime.toUTCString());
      const range = parseRange(req.headers.range, info.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      }
      if (!range) {
        return reply.header('content-length', info.size).send(storage.open(answer.key));
      }
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(storage.open(answer.key, range));
    });
  };
