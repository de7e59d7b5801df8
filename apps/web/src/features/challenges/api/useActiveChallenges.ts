import { useQuery } from '@tanstack/react-query';
import { activeChallengesResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { challengesKeys } from './keys';

/** GET /api/v1/challenge/active: the active challenges (featured first). */
export function useActiveChallenges() {
  return useQuery({
    queryKey: challengesKeys.active,
    queryFn: async () =>
      (await apiRequest('/challenge/active', { schema: activeChallengesResponseSchema })).data,
  });
}
