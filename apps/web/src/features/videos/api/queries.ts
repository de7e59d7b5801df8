import { queryOptions } from '@tanstack/react-query';
import {
  playbackSchema,
  racesResponseSchema,
  routeResponseSchema,
  type RacesQuery,
} from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { racesKeys } from '../../../lib/queries/keys';
import { racesPageQuery } from '../../../lib/queries/firstLoad';
import { outageRetry } from '../../../lib/queryRetry';
import type { PlaybackMode } from '../lib/playback';
import { playbackStaleTime } from '../lib/playbackExpiry';

const PLAYBACK = ['playback'] as const;

/**
 * Query keys of this feature; the video itself, the list and the channels' keys are shared
 * (lib/queries/keys.ts).
 */
export const videosKeys = {
  /** Every Playback query; renewPlayback finds the watched one by its url (1) and mode (2). */
  playbacks: PLAYBACK,
  playback: (url: string, mode: PlaybackMode) => [...PLAYBACK, url, mode] as const,
  route: racesKeys.route,
};

/** GET /api/v1/races: one page of 12 searchable videos, parsed with its contract. */
export const parsedRacesPageQuery = (query: RacesQuery) =>
  racesPageQuery(query, { schema: racesResponseSchema });

/** GET /api/v1/race/{id}/playback: signed, expiring HLS and DASH URLs within the viewer's plan. */
export const playbackQuery = (url: string, mode: PlaybackMode) =>
  queryOptions({
    queryKey: videosKeys.playback(url, mode),
    queryFn: async () =>
      (
        await apiRequest(`/race/${encodeURIComponent(url)}/playback`, {
          query: { mode },
          schema: playbackSchema,
        })
      ).data,
    // A server restart or network drop is waited out; a 4xx answer (403, 404) is final.
    ...outageRetry,
    staleTime: (q) => playbackStaleTime(q.state.data?.expires_at, Date.now()),
  });

/**
 * GET /api/v1/race/{url}/route: the route's facts and elevation profile (null without slope
 * data). They change only when the video is processed again, so a page keeps them a while.
 */
export const routeQuery = (url: string) =>
  queryOptions({
    queryKey: videosKeys.route(url),
    queryFn: async () =>
      (await apiRequest(`/race/${encodeURIComponent(url)}/route`, { schema: routeResponseSchema }))
        .data.route,
    staleTime: 10 * 60_000,
    ...outageRetry,
  });
