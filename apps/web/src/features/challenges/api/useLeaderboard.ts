import { useQuery } from '@tanstack/react-query';
import { CHALLENGE, challengeLeaderboardResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { challengesKeys } from './keys';

/** GET /api/v1/challenge/leaderboard/{id}: the top rows, everyone's count and the caller's row. */
export function useLeaderboard(challengeId: number) {
  return useQuery({
    queryKey: challengesKeys.leaderboard(challengeId),
    queryFn: async () =>
      (
        await apiRequest(`/challenge/leaderboard/${challengeId}`, {
          query: { start: 0, paginate: CHALLENGE.leaderboardPageSize },
          schema: challengeLeaderboardResponseSchema,
        })
      ).data,
  });
}
