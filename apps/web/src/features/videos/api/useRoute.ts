import { useQuery } from '@tanstack/react-query';
import { routeResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { outageRetry } from '../../../lib/queryRetry';

/**
 * GET /api/v1/race/{url}/route: the route's facts and elevation profile (null without slope
 * data). They change only when the video is processed again, so a page keeps them a while.
 */
export function useRoute(url: string, enabled: boolean) {
  return useQuery({
    queryKey: ['race-route', url] as const,
    queryFn: async () =>
      (await apiRequest(`/race/${encodeURIComponent(url)}/route`, { schema: routeResponseSchema }))
        .data.route,
    enabled,
    staleTime: 10 * 60_000,
    ...outageRetry,
  });
}
