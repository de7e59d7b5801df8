import { useInfiniteQuery } from '@tanstack/react-query';
import { CHALLENGE, deactivatedResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { nextPastStart, pastPageQuery, wait } from '../lib/pastPages';
import { challengesKeys } from './keys';

/**
 * GET /api/v1/challenge/deactivated/index: past challenges in pages of 6, each fetched 500 ms
 * after it is asked for (document 001 section 9), until start + rows reaches the count.
 */
export function usePastChallenges(userId: string) {
  return useInfiniteQuery({
    queryKey: challengesKeys.past,
    queryFn: async ({ pageParam, signal }) => {
      await wait(CHALLENGE.deactivatedFetchDelayMs, signal);
      const { data } = await apiRequest('/challenge/deactivated/index', {
        query: pastPageQuery(pageParam, userId),
        schema: deactivatedResponseSchema,
      });
      return { start: pageParam, count: data.count, rows: data.rows };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => nextPastStart(last.start, last.rows.length, last.count),
    // Pages load on scroll; refetching every loaded page at once would not keep that pace.
    staleTime: Infinity,
    gcTime: 0,
  });
}
