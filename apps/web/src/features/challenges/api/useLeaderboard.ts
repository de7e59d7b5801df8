import { useQuery } from '@tanstack/react-query';
import { leaderboardQuery } from './queries';

/** GET /api/v1/challenge/leaderboard/{id}: the top rows, everyone's count and the caller's row. */
export function useLeaderboard(challengeId: number) {
  return useQuery(leaderboardQuery(challengeId));
}
