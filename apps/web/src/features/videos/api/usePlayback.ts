import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Playback } from '@ridealong/contracts';
import type { PlaybackMode } from '../lib/playback';
import { playbackRefetchInterval } from '../lib/playbackExpiry';
import { playbackQuery, videosKeys } from './queries';

/**
 * GET /api/v1/race/{id}/playback: signed, expiring HLS and DASH URLs within the viewer's plan.
 * A 403 (outside the plan) is left to the page, which sends the viewer to /video-upgrade. The
 * URLs are renewed a few minutes before they expire, also in a background tab (a ride plays on),
 * and the player swaps the new token in without reloading (mediaToken.ts).
 */
export function usePlayback(url: string, mode: PlaybackMode, enabled: boolean) {
  return useQuery({
    ...playbackQuery(url, mode),
    enabled,
    refetchInterval: (q) => playbackRefetchInterval(q.state.data?.expires_at, Date.now()),
    refetchIntervalInBackground: true,
  });
}

/**
 * Asks the server again for the Playback the page is watching in `current`'s mode (the player
 * found its URLs refused, see tokenRenewal.ts): the new Playback, or null when there is no such
 * query or the call failed (a 403 included). The answer also lands in the page's query, so the
 * page and the player agree. An outage is waited out with outageRetry, as the page's own query.
 */
export async function renewPlayback(
  client: QueryClient,
  current: Playback,
): Promise<Playback | null> {
  const watched = client
    .getQueryCache()
    .findAll({ queryKey: videosKeys.playbacks, type: 'active' })
    .find((q) => q.queryKey[2] === current.mode);
  const url = watched?.queryKey[1];
  if (typeof url !== 'string') return null;
  try {
    return await client.fetchQuery({ ...playbackQuery(url, current.mode), staleTime: 0 });
  } catch {
    return null;
  }
}
