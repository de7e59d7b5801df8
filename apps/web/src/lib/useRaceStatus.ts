import { useQuery } from '@tanstack/react-query';
import { raceStatusSchema, type VideoState } from '@ridealong/contracts';
import { apiRequest } from './api';

/** The owner's processing view refreshes this often (document 001: status every 3 s). */
export const RACE_STATUS_POLL_MS = 3000;

const settled = (status: VideoState | undefined) => status === 'ready' || status === 'failed';

/**
 * GET /api/v1/race/{id}/status (owner only): polled every 3 s until the video is ready or has
 * failed. Shared by the upload page and the video page.
 */
export function useRaceStatus(raceId: string | number | null, enabled = true) {
  return useQuery({
    queryKey: ['race-status', String(raceId)],
    queryFn: async () =>
      (
        await apiRequest(`/race/${encodeURIComponent(String(raceId))}/status`, {
          schema: raceStatusSchema,
        })
      ).data,
    enabled: enabled && raceId !== null,
    refetchInterval: (q) => (settled(q.state.data?.status) ? false : RACE_STATUS_POLL_MS),
    // A blip while polling should not end the poll.
    retry: 2,
  });
}
