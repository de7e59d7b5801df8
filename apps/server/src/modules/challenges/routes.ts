import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeChallengesResponseSchema,
  challengeIdParamsSchema,
  challengeLeaderboardResponseSchema,
  challengeMembershipSchema,
  challengeValuesResponseSchema,
  challengeValuesSchema,
  CHALLENGE_MESSAGES,
  createChallengeResponseSchema,
  createChallengeSchema,
  deactivatedQuerySchema,
  deactivatedResponseSchema,
  leaderboardQuerySchema,
  okSchema,
  recalculateSchema,
  setFeaturedParamsSchema,
  userChallengeQuerySchema,
  userChallengeResponseSchema,
  userSchema,
} from '@ridealong/contracts';
import { requireAdmin, requireUser } from '../../http/auth.js';
import { failureResponses } from '../../http/failure-responses.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import type { PresentUser } from '../users/index.js';
import { presentBoardRow, presentChallenge } from './presenter.js';
import type { ChallengeWithVideos } from './repository.js';
import type { ChallengesService } from './service.js';

const errors = failureResponses(400, 401, 403, 404, 409);
const tags = ['challenges'];
/** The moment a leaderboard answer read from a ranking snapshot stands for (ISO 8601). */
export const RANKING_AS_OF_HEADER = 'x-ranking-as-of';
const security = [{ token: [] }];

/**
 * The challenge calls of document 001 section 7 (docs/challenges.md). Joining, leaving and
 * progress need a session; the lists, a challenge and its leaderboard are public; featuring,
 * recalculating and creating are for admins (checked before the body is read).
 */
export const challengesRoutes =
  (
    service: ChallengesService,
    signer: MediaSigner,
    presentUser: PresentUser,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const present = (c: ChallengeWithVideos) => presentChallenge(c, signer, new Date());
    const adminsOnly = async (req: Parameters<typeof requireAdmin>[0]) => void requireAdmin(req);

    for (const [path, action] of [
      ['/challenge/add-user', 'join'],
      ['/challenge/remove-user', 'leave'],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags,
            security,
            body: challengeMembershipSchema,
            response: { 200: userSchema, ...errors },
          },
        },
        async (req) => {
          const me = requireUser(req);
          await service[action](me, req.body);
          return presentUser(me);
        },
      );
    }

    // The v1 client asks with a trailing slash; both spellings answer.
    for (const path of ['/challenge/user-challenge/', '/challenge/user-challenge']) {
      app.get(
        path,
        {
          schema: {
            tags,
            security,
            querystring: userChallengeQuerySchema,
            response: { 200: userChallengeResponseSchema, ...errors },
          },
        },
        async (req) => service.userChallenge(requireUser(req), req.query),
      );
    }

    app.get(
      '/challenge/leaderboard/:challengeId',
      {
        schema: {
          tags,
          params: challengeIdParamsSchema,
          querystring: leaderboardQuerySchema,
          response: { 200: challengeLeaderboardResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const board = await service.leaderboard(req.currentUser, req.params.challengeId, req.query);
        // A big board is read from a ranking snapshot a few seconds old at most: say as of when.
        if (board.asOf) void reply.header(RANKING_AS_OF_HEADER, board.asOf.toISOString());
        return {
          count: board.count,
          rows: board.rows.map((r) => presentBoardRow(r.entry, r.ranking)),
          me: board.me ? presentBoardRow(board.me.entry, board.me.ranking) : null,
        };
      },
    );

    for (const path of ['/challenge/values/', '/challenge/values']) {
      app.post(
        path,
        {
          schema: {
            tags,
            body: challengeValuesSchema,
            response: { 200: challengeValuesResponseSchema, ...errors },
          },
        },
        async (req) => ({
          status: 'success' as const,
          data: { challenge: present(await service.values(req.body.challenge_id)) },
        }),
      );
    }

    app.get(
      '/challenge/active',
      { schema: { tags, response: { 200: activeChallengesResponseSchema, ...errors } } },
      async () => (await service.active()).map(present),
    );

    app.get(
      '/challenge/deactivated/index',
      {
        schema: {
          tags,
          querystring: deactivatedQuerySchema,
          response: { 200: deactivatedResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { count, rows } = await service.past(req.query);
        return { count, rows: rows.map(present) };
      },
    );

    app.post(
      '/challenge/set-featured/:id',
      {
        schema: {
          tags,
          security,
          params: setFeaturedParamsSchema,
          response: { 200: okSchema, ...errors },
        },
        preValidation: adminsOnly,
      },
      async (req) => {
        requireAdmin(req);
        await service.setFeatured(req.params.id);
        return { status: 'success' as const };
      },
    );

    app.post(
      '/challenge/recalculate-rankings',
      {
        schema: { tags, security, body: recalculateSchema, response: { 200: okSchema, ...errors } },
        preValidation: adminsOnly,
      },
      async (req) => {
        requireAdmin(req);
        await service.recalculate(req.body.challenge_ids);
        return { status: 'success' as const };
      },
    );

    app.post(
      '/challenge/create',
      {
        schema: {
          tags,
          security,
          body: createChallengeSchema,
          response: { 200: createChallengeResponseSchema, ...errors },
        },
        preValidation: adminsOnly,
      },
      async (req) => {
        requireAdmin(req);
        const challenge = present(await service.create(req.body));
        return { status: 'success' as const, message: CHALLENGE_MESSAGES.created, challenge };
      },
    );
  };
