import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { completedCountResponseSchema, eventListResponseSchema, GROUP } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { completedPageQuery, nextCompletedStart } from '../lib/completedPages';

/** Query keys of this feature. */
export const eventsKeys = {
  active: ['events', 'active'] as const,
  completedCount: ['events', 'completed-count'] as const,
  completed: ['events', 'completed'] as const,
};

/**
 * GET /api/v1/event/active-page: the waiting-room and in-progress events, re-polled every
 * GROUP.activePollMs (document 001 section 7) so a host's new event and a start show up.
 */
export const activeEventsQuery = () =>
  queryOptions({
    queryKey: eventsKeys.active,
    queryFn: async () =>
      (await apiRequest('/event/active-page', { schema: eventListResponseSchema })).data.events,
    refetchInterval: GROUP.activePollMs,
  });

/** GET /api/v1/event/count-completed-events: where paging through completed events stops. */
export const completedCountQuery = () =>
  queryOptions({
    queryKey: eventsKeys.completedCount,
    queryFn: async () =>
      (await apiRequest('/event/count-completed-events', { schema: completedCountResponseSchema }))
        .data.count,
  });

/**
 * GET /api/v1/event/completed-page: completed events, newest first, in pages of 10 from offset
 * 0. Nothing is asked for until the completed count is known, and not at all when it is 0;
 * the paging ends once the offset reaches the count (document 001 section 9).
 */
export const completedEventsQuery = (count: number | undefined) =>
  infiniteQueryOptions({
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
