import { MEDIA_URL_TTL_SECONDS, type Track } from '@ridealong/contracts';
import type { MediaSigner } from '../media/signing.js';
import type { TrackWithRace } from './repository.js';

/** Track row -> the Track entity; the poster is signed like a race card's (SD, no time cap). */
export function presentTrack({ track, race }: TrackWithRace, signer: MediaSigner): Track {
  const thumbnail =
    race && race.status === 'ready' && race.mediaKey && race.posterFile
      ? signer.url(
          {
            raceId: race.id,
            mediaKey: race.mediaKey,
            quality: 'sd',
            maxSeconds: null,
            expiresAt: signer.expiry(MEDIA_URL_TTL_SECONDS),
          },
          race.posterFile,
        )
      : null;
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
