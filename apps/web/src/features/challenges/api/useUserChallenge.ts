import { useQuery } from '@tanstack/react-query';
import { userChallengeResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { challengesKeys } from './keys';

/** GET /api/v1/challenge/user-challenge/: the member's progress; nothing asked for a guest. */
export function useUserChallenge(challengeId: number, userId: string) {
  return useQuery({
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
}
