import { useQuery } from '@tanstack/react-query';
import { challengeValuesResponseSchema } from '@ridealong/contracts';
import { ApiError, apiRequest } from '../../../lib/api';
import { isTransientFailure } from '../../../lib/queryRetry';
import { challengesKeys } from './keys';

/** POST /api/v1/challenge/values/ {challenge_id}: the challenge the detail page shows. */
export function useChallengeValues(challengeId: number) {
  return useQuery({
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
}

/**
 * The answers that send the page back to /challenges: a 400 (section 8), and a 404 for an id
 * that names no challenge.
 */
export function isNoSuchChallenge(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}
