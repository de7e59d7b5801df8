import { useQuery } from '@tanstack/react-query';
import { activitySeriesSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** GET /api/v1/tracks/{id}/series: one saved ride second by second, for its activity page. */
export function useActivitySeries(trackId: number | null) {
  return useQuery({
    queryKey: ['activity-series', trackId],
    queryFn: async () =>
      (await apiRequest(`/tracks/${trackId}/series`, { schema: activitySeriesSchema })).data,
    enabled: trackId !== null,
    // A saved ride never changes.
    staleTime: Infinity,
    retry: false,
  });
}
