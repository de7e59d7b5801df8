import { useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { mergeTrackPages } from '../lib/pages';
import { listRefetchInterval } from '../lib/stravaUpload';
import { tracksQuery } from './queries';

/**
 * GET /api/v1/tracks/index: the user's saved tracks, newest first, in pages of 100. While a
 * ride is queued for Strava or uploading (auto-save, or a manual upload that outlasted its
 * polling) the list re-reads itself, so the card shows how it ended.
 */
export function useTracksIndex(userId: string) {
  const busySince = useRef<number | null>(null);
  return useInfiniteQuery({
    ...tracksQuery(userId),
    refetchInterval: (query) => {
      const rows = mergeTrackPages(query.state.data?.pages ?? []);
      const now = Date.now();
      const since = busySince.current;
      const interval = listRefetchInterval(rows, since === null ? null : now - since);
      busySince.current = interval === false ? null : (busySince.current ?? now);
      return interval;
    },
  });
}
