import { useQuery } from '@tanstack/react-query';
import type { activeChallengesResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/**
 * GET /api/v1/challenge/active: the challenges carousel (featured first). Not parsed again
 * with zod, as the home page's other lists (architecture.md, 'What loads when').
 */
export function useActiveChallenges() {
  return useQuery({
    queryKey: ['challenges', 'active'],
    queryFn: async () =>
      (
        await apiRequest<typeof activeChallengesResponseSchema>('/challenge/active', {
          checkedByServer: true,
        })
      ).data,
  });
}
