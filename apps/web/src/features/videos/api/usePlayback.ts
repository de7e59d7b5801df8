import { useQuery } from '@tanstack/react-query';
import { playbackSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { outageRetry } from '../../../lib/queryRetry';
import type { PlaybackMode } from '../lib/playback';

/** Ask for fresh URLs this long before the signed ones expire. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

/**
 * GET /api/v1/race/{id}/playback: signed, expiring HLS and DASH URLs within the viewer's plan.
 * A 403 (outside the plan) is left to the page, which sends the viewer to /video-upgrade.
 */
export function usePlayback(url: string, mode: PlaybackMode, enabled: boolean) {
  return useQuery({
    queryKey: ['playback', url, mode],
    queryFn: async () =>
      (
        await apiRequest(`/race/${encodeURIComponent(url)}/playback`, {
          query: { mode },
          schema: playbackSchema,
        })
      ).data,
    enabled,
    // A server restart or network drop is waited out; a 4xx answer (403, 404) is final.
    ...outageRetry,
    staleTime: (q) => {
      const expires = q.state.data ? Date.parse(q.state.data.expires_at) : Number.NaN;
      return Number.isFinite(expires) ? Math.max(0, expires - Date.now() - RENEW_BEFORE_MS) : 0;
    },
  });
}
