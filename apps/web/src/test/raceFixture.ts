import { raceSchema, type Race } from '@ridealong/contracts';

/** Tests only: a ready video as the API presents it, checked against the contract. */
export function fixtureRace(id: number, fields: Partial<Race> = {}): Race {
  return raceSchema.parse({
    id,
    url: `video-${id}`,
    title: `Video ${id}`,
    description: '',
    user_id: 7,
    user: { id: 7, display_name: 'Alex Rider', channel_title: 'Alpine Legends', photo_url: null },
    channel_visible: true,
    search_visible: true,
    permalink: `video-${id}`,
    slope_source_id: 0,
    gpx_upload_filename: null,
    mute_video_audio: false,
    mute_overlay_audio: false,
    duration: 1200,
    content_type: 'video/mp4',
    metadata: { slope_source_id: 0, mute_video_audio: false, duration: 1200 },
    status: 'ready',
    progress: 100,
    failure_reason: null,
    thumbnail_url: `/media/${id}/thumb.jpg`,
    exclusive: false,
    sampler_month: null,
    created_at: '2025-11-01T10:00:00.000Z',
    ...fields,
  });
}
