import { queryOptions } from '@tanstack/react-query';
import { DEMO_VIDEO_URL, playbackSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { outageRetry } from '../../../lib/queryRetry';
import { demoRefetchInterval } from '../lib/demoRenewal';

/** Query keys of this feature. */
export const demoKeys = {
  playback: ['demo-playback'] as const,
};

/**
 * GET /api/v1/race/demo-video/playback?mode=preview: the demo video's signed stream URLs.
 * Preview mode is open to everyone (a kiosk shows /demo signed out); the demo video is short,
 * so the preview is all of it. Renewed before the URLs expire; a missing video is asked for
 * again every minute.
 */
export const demoPlaybackQuery = () =>
  queryOptions({
    queryKey: demoKeys.playback,
    queryFn: async () =>
      (
        await apiRequest(`/race/${DEMO_VIDEO_URL}/playback`, {
          query: { mode: 'preview' },
          schema: playbackSchema,
        })
      ).data,
    ...outageRetry,
    staleTime: 60_000,
    refetchInterval: (q) =>
      demoRefetchInterval({
        expiresAt: q.state.data?.expires_at,
        failed: q.state.status === 'error',
        now: Date.now(),
      }),
    refetchIntervalInBackground: true,
  });
