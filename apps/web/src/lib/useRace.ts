import { useQuery } from '@tanstack/react-query';
import { raceResponseSchema } from '@ridealong/contracts';
import { apiRequest } from './api';
import { outageRetry } from './queryRetry';

export const raceKey = (url: string) => ['race', url] as const;

/** GET /api/v1/race/{url}: the video, or null when there is none (shown as processing). */
export function useRace(url: string, enabled = true) {
  return useQuery({
    queryKey: raceKey(url),
    enabled,
    queryFn: async () =>
      (await apiRequest(`/race/${encodeURIComponent(url)}`, { schema: raceResponseSchema })).data,
    // A server restart or network drop is waited out; a 4xx answer (403, 404) is final.
    ...outageRetry,
  });
}
