import { useInfiniteQuery } from '@tanstack/react-query';
import { eventListResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { completedPageQuery, nextCompletedStart } from '../lib/completedPages';
import { eventsKeys } from './keys';

/**
 * GET /api/v1/event/completed-page: completed events, newest first, in pages of 10 from offset
 * 0. Nothing is asked for until the completed count is known, and not at all when it is 0;
 * the paging ends once the offset reaches the count (document 001 section 9).
 */
export function useCompletedEvents(count: number | undefined) {
  return useInfiniteQuery({
    queryKey: eventsKeys.completed,
    queryFn: async ({ pageParam }) => {
      const { data } = await apiRequest('/event/completed-page', {
        query: completedPageQuery(pageParam),
        schema: eventListResponseSchema,
      });
      return { start: pageParam, events: data.events };
    },
    initialPageParam: 0,
    getNextPageParam: (last) =>
      count === undefined ? undefined : nextCompletedStart(last.start, count),
    enabled: count !== undefined && count > 0,
    // Pages load on scroll, 3 s apart; a refetch of every loaded page at once would not be.
    // Each visit pages again from offset 0, so the newest completed events are never missed.
    staleTime: Infinity,
    gcTime: 0,
  });
}
