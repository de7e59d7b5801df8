import { useQuery } from '@tanstack/react-query';
import { userChallengeQuery } from './queries';

/** GET /api/v1/challenge/user-challenge/: the member's progress; nothing asked for a guest. */
export function useUserChallenge(challengeId: number, userId: string) {
  return useQuery(userChallengeQuery(challengeId, userId));
}
