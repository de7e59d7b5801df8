import { useQuery } from '@tanstack/react-query';
import { activitySeriesQuery } from './queries';

/** GET /api/v1/tracks/{id}/series: one saved ride second by second, for its activity page. */
export function useActivitySeries(trackId: number | null) {
  return useQuery(activitySeriesQuery(trackId));
}
