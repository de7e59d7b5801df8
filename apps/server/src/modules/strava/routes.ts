import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  stravaAuthorizeQuerySchema,
  stravaAuthorizeResponseSchema,
  stravaAuthSchema,
  stravaUserResponseSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import type { authRateLimits } from '../../http/rate-limits.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { PresentUser } from '../users/index.js';
import type { StravaConnectService } from './connect-service.js';

const errors = failureResponses(400, 401, 403, 409, 429, 503);

/** The Connect side of Strava under /api/v1 (docs/strava.md, 'Endpoints'). */
export const stravaRoutes =
  (
    strava: StravaConnectService,
    presentUser: PresentUser,
    limit: ReturnType<typeof authRateLimits>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/strava/authorize',
      {
        schema: {
          tags: ['strava'],
          querystring: stravaAuthorizeQuerySchema,
          response: { 200: stravaAuthorizeResponseSchema, ...errors },
        },
      },
      async (req) => strava.authorize(requireUser(req).id, req.query),
    );

    app.post(
      '/auth/strava',
      {
        schema: {
          tags: ['strava'],
          body: stravaAuthSchema,
          response: { 200: stravaUserResponseSchema, ...errors },
        },
      },
      async (req) => {
        const me = requireUser(req);
        // Per member and per address, like sign-in: every try exchanges a code with Strava.
        await limit('strava', req.ip, `member:${me.id}`);
        await strava.connect(me.id, req.body);
        return { status: 'success' as const, user: await presentUser(me) };
      },
    );

    app.post(
      '/strava/disconnect',
      {
        schema: { tags: ['strava'], response: { 200: stravaUserResponseSchema, ...errors } },
      },
      async (req) => {
        const me = requireUser(req);
        await strava.disconnect(me.id);
        return { status: 'success' as const, user: await presentUser(me) };
      },
    );
  };
