import type { Track } from '@ridealong/contracts';
import type { MediaSigner } from '../media/signing.js';
import { signedPosterPath } from '../races/presenter.js';
import type { TrackWithRace } from './repository.js';

/** Track row -> the Track entity; the poster is signed like a race card's (SD, no time cap). */
export function presentTrack({ track, race }: TrackWithRace, signer: MediaSigner): Track {
  const thumbnail = race ? signedPosterPath(race, signer) : null;
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
    uploaded: track.uploaded,
    thumbnail_url: thumbnail,
  };
}
