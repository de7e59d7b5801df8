import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { racesResponseSchema, VIDEOS_PAGE_SIZE } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import type { ListQuery } from '../lib/listQuery';

/** GET /api/v1/races: one page of 12 searchable videos for a term and duration filter. */
export function useRaces({ page, term, duration }: ListQuery) {
  const query = { currentPage: page, pageSize: VIDEOS_PAGE_SIZE, term: term.trim(), duration };
  return useQuery({
    queryKey: ['races', query],
    queryFn: async () =>
      (await apiRequest('/races', { query, schema: racesResponseSchema })).data.races,
    // The grid keeps the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
