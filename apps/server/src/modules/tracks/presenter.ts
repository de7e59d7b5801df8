import type { Track } from '@ridealong/contracts';
import type { MediaSigner } from '../../lib/media-signing.js';
import { signedPosterPath } from '../races/index.js';
import type { TrackWithRace } from './repository.js';

/** Where activity pages are: Strava's web, or the built-in stand-in's. */
export type StravaWeb = { webBaseUrl: string };

/** The activity page of a Strava activity id. */
export const activityUrl = (web: StravaWeb, activityId: string) =>
  `${web.webBaseUrl}/activities/${activityId}`;

/**
 * Track row -> the Track entity; the poster is signed like a race card's (SD, no time cap).
 * Strava: the ride's upload row when read with it; a ride marked uploaded by a v1 client
 * (mark_as_uploaded) without one is 'uploaded' with no link. The activity link needs where
 * Strava's pages are (`stravaWeb`); without it (the stop-track answer, before any upload has
 * finished) it is null.
 */
export function presentTrack(
  { track, race, strava }: TrackWithRace,
  signer: MediaSigner,
  stravaWeb?: StravaWeb,
): Track {
  const thumbnail = race ? signedPosterPath(race, signer) : null;
  const state = strava?.state ?? (track.uploaded ? 'uploaded' : 'none');
  const activityId = state === 'uploaded' ? (strava?.activityId ?? null) : null;
  return {
    id: track.id,
    title: track.title,
    url: track.raceUrl,
    userId: track.userId,
    race_id: track.raceId,
    timestamp: track.startedAt.toISOString(),
    total_distance: track.totalDistance,
    duration: track.duration,
    accumulated_power: track.accumulatedPower,
    uploaded: track.uploaded || state === 'uploaded',
    strava_upload: state,
    strava_activity_url: activityId && stravaWeb ? activityUrl(stravaWeb, activityId) : null,
    strava_error: state === 'failed' ? (strava?.error ?? null) : null,
    thumbnail_url: thumbnail,
    ride_mode: track.rideMode,
    difficulty: track.difficulty,
  };
}
