import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  AUTH_TOKEN_HEADER,
  authResponseSchema,
  emailSigninRequestSchema,
  failureSchema,
  okSchema,
  passwordRecoveryRequestSchema,
  resendVerificationRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
  socialAuthRequestSchema,
  updatePasswordRequestSchema,
  verifyEmailRequestSchema,
} from '@ridealong/contracts';
import { requireUser } from '../../http/auth.js';
import { unavailable } from '../../http/errors.js';
import type { PresentUser } from '../users/index.js';
import type { AccountsService, SignedIn } from './service.js';
import type { SocialProvider } from './social-providers.js';
import type { authRateLimits } from '../../http/rate-limits.js';
import { failureResponses } from '../../http/failure-responses.js';

export type AccountsRoutesDeps = {
  accounts: AccountsService;
  limit: ReturnType<typeof authRateLimits>;
  social: { google: SocialProvider | null; facebook: SocialProvider | null };
  socialSignin: (p: Awaited<ReturnType<SocialProvider>>) => Promise<SignedIn>;
  presentUser: PresentUser;
};

const errors = failureResponses(400, 401, 403, 409, 429, 503);

export const accountsRoutes =
  (d: AccountsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = async (s: SignedIn) => ({
      status: 'success' as const,
      message: AUTH_MESSAGES.signedIn,
      user: await d.presentUser(s.user),
    });

    app.post(
      '/signup',
      {
        schema: {
          tags: ['accounts'],
          body: signupRequestSchema,
          response: { 201: signupResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        await d.limit('signup', req.ip, req.body.email);
        const { user, mailError } = await d.accounts.signup(req.body);
        // The account exists either way: a 5xx would tell the member it does not (issue 21).
        if (mailError)
          req.log.error({ err: mailError, userId: user.id }, 'verification mail not sent');
        return reply.code(201).send({
          status: 'success',
          message: mailError ? AUTH_MESSAGES.registeredMailFailed : AUTH_MESSAGES.registered,
          verification_mail_sent: !mailError,
        });
      },
    );

    app.post(
      '/resend-verification',
      {
        schema: {
          tags: ['accounts'],
          body: resendVerificationRequestSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (req) => {
        await d.limit('resend', req.ip, req.body.email);
        const { mailError } = await d.accounts.resendVerification(req.body.email);
        if (mailError) {
          req.log.error({ err: mailError }, 'verification mail not sent');
          throw unavailable(AUTH_MESSAGES.mailFailed);
        }
        return { status: 'success' as const, message: AUTH_MESSAGES.verificationResent };
      },
    );

    app.post(
      '/verify-email',
      {
        schema: {
          tags: ['accounts'],
          body: verifyEmailRequestSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (req) => {
        await d.limit('verify', req.ip);
        await d.accounts.verifyEmail(req.body.code);
        return { status: 'success' as const, message: AUTH_MESSAGES.emailVerified };
      },
    );

    app.post(
      '/email-signin',
      {
        schema: {
          tags: ['accounts'],
          body: emailSigninRequestSchema,
          response: { 200: authResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        await d.limit('signin', req.ip, req.body.email);
        const session = await d.accounts.signin(req.body.email, req.body.password);
        return reply.header(AUTH_TOKEN_HEADER, session.token).send(await signedIn(session));
      },
    );

    app.post(
      '/initiate-password-recovery',
      {
        schema: {
          tags: ['accounts'],
          body: passwordRecoveryRequestSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (req) => {
        await d.limit('recovery', req.ip, req.body.email);
        await d.accounts.initiateRecovery(req.body.email);
        return { status: 'success' as const, message: AUTH_MESSAGES.recoverySent };
      },
    );

    app.post(
      '/update-password',
      {
        schema: {
          tags: ['accounts'],
          body: updatePasswordRequestSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (req) => {
        await d.limit('reset', req.ip);
        await d.accounts.updatePassword(req.body);
        return { status: 'success' as const, message: AUTH_MESSAGES.passwordChanged };
      },
    );

    app.post(
      '/logout',
      { schema: { tags: ['accounts'], response: { 200: okSchema, 401: failureSchema } } },
      async (req) => {
        requireUser(req);
        if (req.sessionToken) await d.accounts.logout(req.sessionToken);
        return { status: 'success' as const, message: 'You are logged out.' };
      },
    );

    for (const provider of ['google', 'facebook'] as const) {
      app.post(
        `/auth/${provider}`,
        {
          schema: {
            tags: ['accounts'],
            body: socialAuthRequestSchema,
            response: { 200: authResponseSchema, ...errors },
          },
        },
        async (req, reply) => {
          const verify = d.social[provider];
          const label = provider === 'google' ? 'Google' : 'Facebook';
          if (!verify) throw unavailable(`${label} sign-in is not configured on this server.`);
          await d.limit('social', req.ip);
          const session = await d.socialSignin(await verify(req.body.access_token));
          return reply.header(AUTH_TOKEN_HEADER, session.token).send(await signedIn(session));
        },
      );
    }
  };
