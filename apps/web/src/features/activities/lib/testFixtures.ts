import { trackSchema, type Track } from '@ridealong/contracts';

/** Tests only: a saved ride as GET /tracks/index lists it, checked against the contract. */
export function fixtureTrack(id: number, fields: Partial<Track> = {}): Track {
  return trackSchema.parse({
    id,
    title: `Ride ${id}`,
    url: `video-${id}`,
    userId: 7,
    race_id: 11,
    timestamp: '2025-03-04T12:00:00.000Z',
    total_distance: 16093.44,
    duration: 1800,
    accumulated_power: 1800 * 150,
    uploaded: false,
    strava_upload: 'none',
    strava_activity_url: null,
    strava_error: null,
    thumbnail_url: null,
    ...fields,
  });
}
