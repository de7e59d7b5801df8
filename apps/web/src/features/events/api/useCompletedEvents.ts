import { useInfiniteQuery } from '@tanstack/react-query';
import { completedEventsQuery } from './queries';

/** GET /api/v1/event/completed-page: completed events in pages of 10, once the count is known. */
export function useCompletedEvents(count: number | undefined) {
  return useInfiniteQuery(completedEventsQuery(count));
}
