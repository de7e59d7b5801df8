import { useQuery } from '@tanstack/react-query';
import { eventListResponseSchema, GROUP } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { eventsKeys } from './keys';

/**
 * GET /api/v1/event/active-page: the waiting-room and in-progress events, re-polled every
 * GROUP.activePollMs (document 001 section 7) so a host's new event and a start show up.
 */
export function useActiveEvents() {
  return useQuery({
    queryKey: eventsKeys.active,
    queryFn: async () =>
      (await apiRequest('/event/active-page', { schema: eventListResponseSchema })).data.events,
    refetchInterval: GROUP.activePollMs,
  });
}
