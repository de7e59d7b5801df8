import { useQuery } from '@tanstack/react-query';
import { activeChallengesResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** GET /api/v1/challenge/active: the challenges the featured one is chosen from. */
export function useActiveChallenges() {
  return useQuery({
    queryKey: ['challenges', 'active'],
    queryFn: async () =>
      (await apiRequest('/challenge/active', { schema: activeChallengesResponseSchema })).data,
  });
}
