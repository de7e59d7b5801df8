import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ACTIVITIES_PAGE_SIZE,
  readActivitySeries,
  tracksIndexResponseSchema,
  userStatsSchema,
  type ActivitySeries,
} from '@ridealong/contracts';
import { ApiError, apiRequest } from '../../../lib/api';
import { nextTracksStart, tracksPageRange } from '../lib/pages';

/** The member's stats in every time zone. */
const stats = (userId: string) => ['user-data', userId] as const;

/** Query keys of this feature, shared by the hooks that read and the ones that refresh them. */
export const activitiesKeys = {
  tracks: (userId: string) => ['tracks-index', userId] as const,
  stats,
  statsIn: (userId: string, tz: string | undefined) => [...stats(userId), tz] as const,
  series: (trackId: number | null) => ['activity-series', trackId] as const,
};

/**
 * GET /api/v1/tracks/index: the user's saved tracks, newest first, in pages of 100 (the list's
 * re-reading while a Strava upload is busy is the hook's, useTracksIndex).
 */
export const tracksQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: activitiesKeys.tracks(userId),
    queryFn: async ({ pageParam }) => {
      const { data } = await apiRequest('/tracks/index', {
        query: { user_id: userId, ...tracksPageRange(pageParam) },
        schema: tracksIndexResponseSchema,
      });
      return { start: pageParam, count: data.count, rows: data.rows };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => nextTracksStart(last.start, last.count, ACTIVITIES_PAGE_SIZE),
    enabled: userId !== '',
  });

/** GET /api/v1/user/data: the stats card's weekly, monthly, yearly and all-time totals. */
export const userStatsQuery = (userId: string, tz: string | undefined) =>
  queryOptions({
    queryKey: activitiesKeys.statsIn(userId, tz),
    queryFn: async () =>
      (await apiRequest('/user/data', { query: { user_id: userId, tz }, schema: userStatsSchema }))
        .data,
    enabled: userId !== '',
  });

/**
 * GET /api/v1/tracks/{id}/series: one saved ride second by second, for its activity page. The
 * answer is checked against its contract by readActivitySeries, the plain-loop twin of the
 * contract's schema: zod over a 6-hour ride's 150,000 numbers held its first chart back.
 */
export const activitySeriesQuery = (trackId: number | null) =>
  queryOptions({
    queryKey: activitiesKeys.series(trackId),
    queryFn: async () => {
      // Read as it came (unknown), then checked here.
      const { data } = await apiRequest<z.ZodUnknown>(`/tracks/${trackId}/series`, {
        checkedByServer: true,
      });
      const series: ActivitySeries | null = readActivitySeries(data);
      if (!series) throw new ApiError(200, 'The server sent an unreadable answer.');
      return series;
    },
    enabled: trackId !== null,
    // A saved ride never changes.
    staleTime: Infinity,
    retry: false,
  });
