import { useQuery } from '@tanstack/react-query';
import { completedCountResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { eventsKeys } from './keys';

/** GET /api/v1/event/count-completed-events: where paging through completed events stops. */
export function useCompletedCount() {
  return useQuery({
    queryKey: eventsKeys.completedCount,
    queryFn: async () =>
      (await apiRequest('/event/count-completed-events', { schema: completedCountResponseSchema }))
        .data.count,
  });
}
