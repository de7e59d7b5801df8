import { useInfiniteQuery } from '@tanstack/react-query';
import { pastChallengesQuery } from './queries';

/** GET /api/v1/challenge/deactivated/index: past challenges, a page of 6 at a time on scroll. */
export function usePastChallenges(userId: string) {
  return useInfiniteQuery(pastChallengesQuery(userId));
}
