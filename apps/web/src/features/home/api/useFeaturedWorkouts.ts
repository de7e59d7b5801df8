import { useQuery } from '@tanstack/react-query';
import { VIDEOS_PAGE_SIZE, type racesResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** GET /api/v1/races, first page: the workouts carousel shows the newest searchable videos. */
export function useFeaturedWorkouts() {
  return useQuery({
    queryKey: ['races', { currentPage: 1, pageSize: VIDEOS_PAGE_SIZE, term: '', duration: 'all' }],
    queryFn: async () =>
      (
        await apiRequest<typeof racesResponseSchema>('/races', {
          query: { currentPage: 1, pageSize: VIDEOS_PAGE_SIZE, term: '', duration: 'all' },
          checkedByServer: true,
        })
      ).data.races,
  });
}
