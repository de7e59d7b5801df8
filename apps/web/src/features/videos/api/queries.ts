import { queryOptions } from '@tanstack/react-query';
import {
  ghostPointsResponseSchema,
  ghostsResponseSchema,
  playbackSchema,
  racesResponseSchema,
  routeResponseSchema,
  timelineResponseSchema,
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
  /** A video's per-second slope timeline, by the video's numeric id. */
  timeline: (id: number) => ['race-timeline', id] as const,
  /** A video's ghosts, by the video's numeric id (as the server's route takes it). */
  ghosts: (id: number) => ['ghosts', id] as const,
  ghostPoints: (id: number, tracks: string, from: number) =>
    ['ghosts', id, 'points', tracks, from] as const,
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

/**
 * GET /api/v1/race/{id}/ghosts (the numeric id: the route refuses a url): the ghosts a reactive ride may ride with (own best, leaders,
 * around) and the app's choice. Read when the picker opens or the ride starts.
 */
export const ghostsQuery = (raceId: number) =>
  queryOptions({
    queryKey: videosKeys.ghosts(raceId),
    queryFn: async () =>
      (
        await apiRequest(`/race/${raceId}/ghosts`, {
          schema: ghostsResponseSchema,
        })
      ).data,
    staleTime: 60_000,
  });

/**
 * GET /api/v1/race/{id}/ghosts/points: the ghosts' distance and power for one window of ride
 * seconds from `from`. A saved ride never changes, so a window is read once.
 */
export const ghostPointsQuery = (raceId: number, tracks: readonly number[], from: number) => {
  const list = tracks.join(',');
  return queryOptions({
    queryKey: videosKeys.ghostPoints(raceId, list, from),
    queryFn: async () =>
      (
        await apiRequest(`/race/${raceId}/ghosts/points`, {
          query: { tracks: list, from },
          schema: ghostPointsResponseSchema,
        })
      ).data,
    staleTime: Infinity,
  });
};

/**
 * GET /api/v1/race/{id}/timeline: the video's slope profile per second for a reactive ride
 * (null without slope data). The server answers 304 while the profile stands; a refusal (a
 * guest, a plan that does not play the whole video) is final and leaves the ride steady.
 */
export const timelineQuery = (id: number) =>
  queryOptions({
    queryKey: videosKeys.timeline(id),
    queryFn: async () =>
      (await apiRequest(`/race/${id}/timeline`, { schema: timelineResponseSchema })).data.timeline,
    staleTime: 10 * 60_000,
    ...outageRetry,
  });
