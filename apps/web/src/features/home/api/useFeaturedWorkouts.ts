import { useQuery } from '@tanstack/react-query';
import { VIDEOS_PAGE_SIZE } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** GET /api/v1/races, first page: the workouts carousel shows the newest searchable videos. */
export function useFeaturedWorkouts() {
  return useQuery({
    queryKey: ['races', { currentPage: 1, pageSize: VIDEOS_PAGE_SIZE, term: '', duration: 'all' }],
    queryFn: async () =>
      (
        await apiRequest('/races', {
          query: { currentPage: 1, pageSize: VIDEOS_PAGE_SIZE, term: '', duration: 'all' },
          loadSchema: async () => (await import('./schemas')).featuredSchemas.races,
        })
      ).data.races,
  });
}
