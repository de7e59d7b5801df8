import { queryOptions } from '@tanstack/react-query';
import { raceResponseSchema, raceStatusSchema, type VideoState } from '@ridealong/contracts';
import { apiRequest } from '../api';
import { outageRetry } from '../queryRetry';
import { racesKeys } from './keys';

/** The owner's processing view refreshes this often (document 001: status every 3 s). */
export const RACE_STATUS_POLL_MS = 3000;

const settled = (status: VideoState | undefined) => status === 'ready' || status === 'failed';

/** GET /api/v1/race/{url}: the video, or null when there is none (shown as processing). */
export const raceQuery = (url: string) =>
  queryOptions({
    queryKey: racesKeys.one(url),
    queryFn: async () =>
      (await apiRequest(`/race/${encodeURIComponent(url)}`, { schema: raceResponseSchema })).data,
    // A server restart or network drop is waited out; a 4xx answer (403, 404) is final.
    ...outageRetry,
  });

/**
 * GET /api/v1/race/{id}/status (owner only): polled every 3 s until the video is ready or has
 * failed.
 */
export const raceStatusQuery = (raceId: string | number | null) =>
  queryOptions({
    queryKey: racesKeys.status(raceId),
    queryFn: async () =>
      (
        await apiRequest(`/race/${encodeURIComponent(String(raceId))}/status`, {
          schema: raceStatusSchema,
        })
      ).data,
    refetchInterval: (q) => (settled(q.state.data?.status) ? false : RACE_STATUS_POLL_MS),
    // A blip while polling should not end the poll.
    retry: 2,
  });
