import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  failureSchema,
  stravaAuthorizeQuerySchema,
  stravaAuthorizeResponseSchema,
  stravaAuthSchema,
  stravaCallbackQuerySchema,
  stravaUserResponseSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import type { PresentUser } from '../users/presenter.js';
import type { StravaConnectService } from './connect-service.js';
import { callbackPage } from './callback-page.js';
import { DESKTOP_CALLBACK_PATH } from './redirects.js';

const errors = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 503: failureSchema };

/** The Connect side of Strava under /api/v1 (docs/strava.md, 'Endpoints'). */
export const stravaRoutes =
  (strava: StravaConnectService, presentUser: PresentUser): FastifyPluginAsyncZod =>
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

/**
 * The desktop app's authorisation comes back here when it has no local callback
 * (redirects.ts): a page in the member's browser, outside /api/v1, with no session there, so
 * the signed state names the member.
 */
export const stravaCallbackRoute =
  (strava: StravaConnectService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      DESKTOP_CALLBACK_PATH,
      { schema: { tags: ['strava'], querystring: stravaCallbackQuerySchema } },
      async (req, reply) => {
        const outcome = await strava.completeInBrowser(req.query);
        return reply
          .code(outcome.ok ? 200 : 400)
          .type('text/html; charset=utf-8')
          .send(callbackPage(outcome.message));
      },
    );
  };
