import { useQuery } from '@tanstack/react-query';
import { parsedActiveChallengesQuery } from '../../../lib/queries/challenges';

/** GET /api/v1/challenge/active: the active challenges (featured first). */
export function useActiveChallenges() {
  return useQuery(parsedActiveChallengesQuery());
}
