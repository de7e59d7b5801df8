import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { VIDEOS_PAGE_SIZE } from '@ridealong/contracts';
import type { ListQuery } from '../lib/listQuery';
import { parsedRacesPageQuery } from './queries';

/** GET /api/v1/races: one page of 12 searchable videos for a term and duration filter. */
export function useRaces({ page, term, duration }: ListQuery) {
  const query = { currentPage: page, pageSize: VIDEOS_PAGE_SIZE, term: term.trim(), duration };
  return useQuery({
    ...parsedRacesPageQuery(query),
    // The grid keeps the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
