import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CHALLENGE,
  challengeLeaderboardResponseSchema,
  challengeValuesResponseSchema,
  deactivatedResponseSchema,
  userChallengeResponseSchema,
} from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { challengesKeys as sharedKeys } from '../../../lib/queries/keys';
import { isTransientFailure } from '../../../lib/queryRetry';
import { nextPastStart, pastPageQuery, wait } from '../lib/pastPages';

const ALL = sharedKeys.all;

/** Query keys of this feature, under the shared 'challenges' root (joining refreshes them all). */
export const challengesKeys = {
  ...sharedKeys,
  past: [...ALL, 'past'] as const,
  values: (id: number) => [...ALL, 'values', id] as const,
  leaderboard: (id: number) => [...ALL, 'leaderboard', id] as const,
  /** Every member's progress in one challenge. */
  userChallenges: (id: number) => [...ALL, 'user-challenge', id] as const,
  userChallenge: (id: number, userId: string) => [...ALL, 'user-challenge', id, userId] as const,
};

/** POST /api/v1/challenge/values/ {challenge_id}: the challenge the detail page shows. */
export const challengeValuesQuery = (challengeId: number) =>
  queryOptions({
    queryKey: challengesKeys.values(challengeId),
    queryFn: async () =>
      (
        await apiRequest('/challenge/values/', {
          method: 'POST',
          body: { challenge_id: challengeId },
          schema: challengeValuesResponseSchema,
        })
      ).data.data.challenge,
    // A refusal is final; a dropped connection or a 5xx is asked again twice.
    retry: (failures, error) => failures < 2 && isTransientFailure(error),
  });

/** GET /api/v1/challenge/leaderboard/{id}: the top rows, everyone's count and the caller's row. */
export const leaderboardQuery = (challengeId: number) =>
  queryOptions({
    queryKey: challengesKeys.leaderboard(challengeId),
    queryFn: async () =>
      (
        await apiRequest(`/challenge/leaderboard/${challengeId}`, {
          query: { start: 0, paginate: CHALLENGE.leaderboardPageSize },
          schema: challengeLeaderboardResponseSchema,
        })
      ).data,
  });

/** GET /api/v1/challenge/user-challenge/: the member's progress; nothing asked for a guest. */
export const userChallengeQuery = (challengeId: number, userId: string) =>
  queryOptions({
    queryKey: challengesKeys.userChallenge(challengeId, userId),
    queryFn: async () =>
      (
        await apiRequest('/challenge/user-challenge/', {
          query: { challenge_id: challengeId, user_id: userId },
          schema: userChallengeResponseSchema,
        })
      ).data,
    enabled: userId !== '',
  });

/**
 * GET /api/v1/challenge/deactivated/index: past challenges in pages of 6, each fetched 500 ms
 * after it is asked for (document 001 section 9), until start + rows reaches the count.
 */
export const pastChallengesQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: challengesKeys.past,
    queryFn: async ({ pageParam, signal }) => {
      await wait(CHALLENGE.deactivatedFetchDelayMs, signal);
      const { data } = await apiRequest('/challenge/deactivated/index', {
        query: pastPageQuery(pageParam, userId),
        schema: deactivatedResponseSchema,
      });
      return { start: pageParam, count: data.count, rows: data.rows };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => nextPastStart(last.start, last.rows.length, last.count),
    // Pages load on scroll; refetching every loaded page at once would not keep that pace.
    staleTime: Infinity,
    gcTime: 0,
  });
