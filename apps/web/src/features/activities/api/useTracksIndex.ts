import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVITIES_PAGE_SIZE, tracksIndexResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { nextTracksStart, tracksPageRange } from '../lib/pages';
import { activitiesKeys } from './keys';

/** GET /api/v1/tracks/index: the user's saved tracks, newest first, in pages of 100. */
export function useTracksIndex(userId: string) {
  return useInfiniteQuery({
    queryKey: activitiesKeys.tracks(userId),
    queryFn: async ({ pageParam }) => {
      const { data } = await apiRequest('/tracks/index', {
        query: { user_id: userId, ...tracksPageRange(pageParam) },
        schema: tracksIndexResponseSchema,
      });
      return { start: pageParam, count: data.count, rows: data.rows };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => nextTracksStart(last.start, last.count, ACTIVITIES_PAGE_SIZE),
    enabled: userId !== '',
  });
}
