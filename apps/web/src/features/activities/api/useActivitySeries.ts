import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { readActivitySeries, type ActivitySeries } from '@ridealong/contracts';
import { ApiError, apiRequest } from '../../../lib/api';

/**
 * GET /api/v1/tracks/{id}/series: one saved ride second by second, for its activity page. The
 * answer is checked against its contract by readActivitySeries, the plain-loop twin of the
 * contract's schema: zod over a 6-hour ride's 150,000 numbers held its first chart back.
 */
export function useActivitySeries(trackId: number | null) {
  return useQuery({
    queryKey: ['activity-series', trackId],
    queryFn: async () => {
      // Read as it came (unknown), then checked here.
      const { data } = await apiRequest<z.ZodUnknown>(`/tracks/${trackId}/series`, {
        checkedByServer: true,
      });
      const series: ActivitySeries | null = readActivitySeries(data);
      if (!series) throw new ApiError(200, 'The server sent an unreadable answer.');
      return series;
    },
    enabled: trackId !== null,
    // A saved ride never changes.
    staleTime: Infinity,
    retry: false,
  });
}
