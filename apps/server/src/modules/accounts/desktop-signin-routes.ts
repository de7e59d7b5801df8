import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  AUTH_TOKEN_HEADER,
  authResponseSchema,
  desktopExchangeRequestSchema,
  desktopHandoffRequestSchema,
  desktopHandoffResponseSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import type { PresentUser } from '../users/index.js';
import type { DesktopSignin } from './desktop-signin.js';
import type { authRateLimits } from '../../http/rate-limits.js';
import { failureResponses } from '../../http/failure-responses.js';

const errors = failureResponses(400, 401, 429);

/** Signing the desktop app in through the system browser (docs/desktop-accounts.md). */
export const desktopSigninRoutes =
  (
    signin: DesktopSignin,
    limit: ReturnType<typeof authRateLimits>,
    presentUser: PresentUser,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/desktop-handoff',
      {
        schema: {
          tags: ['accounts'],
          body: desktopHandoffRequestSchema,
          response: { 200: desktopHandoffResponseSchema, ...errors },
        },
      },
      async (req) => ({ url: await signin.handoff(requireUser(req).id, req.body) }),
    );

    app.post(
      '/auth/desktop-exchange',
      {
        schema: {
          tags: ['accounts'],
          body: desktopExchangeRequestSchema,
          response: { 200: authResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        // Limited like sign-in: each try guesses a code.
        await limit('signin', req.ip);
        const session = await signin.exchange(req.body);
        return reply.header(AUTH_TOKEN_HEADER, session.token).send({
          status: 'success' as const,
          message: AUTH_MESSAGES.signedIn,
          user: await presentUser(session.user),
        });
      },
    );
  };
