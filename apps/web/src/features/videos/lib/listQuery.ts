import { DURATION_FILTERS, durationFilterSchema, type DurationFilter } from '@ridealong/contracts';

/** The /videos list state, kept in the address so Back and shared links keep the search. */
export type ListQuery = { page: number; term: string; duration: DurationFilter };

export const DURATION_LABELS: Record<DurationFilter, string> = {
  all: 'Any length',
  '-15': 'Under 15 min',
  '15-30': '15 to 30 min',
  '30-45': '30 to 45 min',
  '45-60': '45 to 60 min',
  '+60': 'Over 60 min',
};

export const DURATION_OPTIONS = DURATION_FILTERS.map((value) => ({
  value,
  label: DURATION_LABELS[value],
}));

/** Reads ?page, ?term and ?duration; anything malformed falls back to the default. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  const duration = durationFilterSchema.safeParse(params.get('duration'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    term: (params.get('term') ?? '').slice(0, 200),
    duration: duration.success ? duration.data : 'all',
  };
}

/** The address query for a list state; defaults are left out so /videos stays clean. */
export function listSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.term.trim()) params.set('term', query.term);
  if (query.duration !== 'all') params.set('duration', query.duration);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}
