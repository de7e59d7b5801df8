import { useQuery } from '@tanstack/react-query';
import { homeActiveChallengesQuery } from './queries';

/**
 * GET /api/v1/challenge/active: the challenges carousel (featured first). Not parsed again
 * with zod, as the home page's other lists (architecture.md, 'What loads when').
 */
export function useActiveChallenges() {
  return useQuery(homeActiveChallengesQuery());
}
