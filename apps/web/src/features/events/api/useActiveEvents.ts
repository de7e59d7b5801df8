import { useQuery } from '@tanstack/react-query';
import { activeEventsQuery } from './queries';

/** GET /api/v1/event/active-page: the waiting-room and in-progress events, re-polled. */
export function useActiveEvents() {
  return useQuery(activeEventsQuery());
}
