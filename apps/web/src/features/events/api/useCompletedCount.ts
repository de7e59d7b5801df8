import { useQuery } from '@tanstack/react-query';
import { completedCountQuery } from './queries';

/** GET /api/v1/event/count-completed-events: where paging through completed events stops. */
export function useCompletedCount() {
  return useQuery(completedCountQuery());
}
