import { useQuery } from '@tanstack/react-query';
import { parsedActiveChallengesQuery } from '../../../lib/queries/challenges';

/** GET /api/v1/challenge/active: the challenges the featured one is chosen from. */
export function useActiveChallenges() {
  return useQuery(parsedActiveChallengesQuery());
}
