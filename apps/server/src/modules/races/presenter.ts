import { MEDIA_URL_TTL_SECONDS, type Race } from '@ridealong/contracts';
import type { RaceRow, UserRow } from '../../db/schema.js';
import { requiredPlan } from '../media/index.js';
import type { MediaSigner } from '../../lib/media-signing.js';

export type RaceWithOwner = {
  race: RaceRow;
  owner: Pick<UserRow, 'id' | 'displayName' | 'channelTitle' | 'photoUrl'>;
};

/**
 * The signed path of a ready video's poster, or null while there is none. Anyone may see a card,
 * so the token is an image grant: it opens the video's images and never its stream. Cards,
 * activities and channels all sign it this way.
 */
export function signedPosterPath(
  race: Pick<RaceRow, 'id' | 'status' | 'mediaKey' | 'posterFile'>,
  signer: MediaSigner,
): string | null {
  if (race.status !== 'ready' || !race.mediaKey || !race.posterFile) return null;
  return signer.url(
    {
      use: 'image',
      raceId: race.id,
      mediaKey: race.mediaKey,
      quality: 'sd',
      maxSeconds: null,
      expiresAt: signer.expiry(MEDIA_URL_TTL_SECONDS),
    },
    race.posterFile,
  );
}

/** Race row -> the Race entity of document 001 section 3 (thumbnail signed for anyone). */
export function presentRace(
  { race, owner }: RaceWithOwner,
  signer: MediaSigner,
  publicUrl: string,
): Race {
  const poster = signedPosterPath(race, signer);
  const thumbnail = poster === null ? null : publicUrl + poster;
  return {
    id: race.id,
    url: race.url,
    title: race.title,
    description: race.description,
    user_id: race.userId,
    user: {
      id: owner.id,
      display_name: owner.displayName,
      channel_title: owner.channelTitle,
      photo_url: owner.photoUrl,
    },
    channel_visible: race.channelVisible,
    search_visible: race.searchVisible,
    permalink: `${publicUrl}/video/${race.url}`,
    slope_source_id: race.slopeSourceId,
    gpx_upload_filename: race.gpxUploadFilename,
    mute_video_audio: race.muteVideoAudio,
    mute_overlay_audio: race.muteOverlayAudio,
    duration: race.duration,
    content_type: race.contentType,
    metadata: {
      slope_source_id: race.slopeSourceId,
      mute_video_audio: race.muteVideoAudio,
      duration: race.duration,
    },
    status: race.status,
    progress: race.progress,
    failure_reason: race.failureReason,
    thumbnail_url: thumbnail,
    exclusive: race.exclusive,
    sampler_month: race.samplerMonth,
    created_at: race.createdAt.toISOString(),
    required_plan: requiredPlan(race, new Date()),
  };
}
