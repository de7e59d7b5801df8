import {
  GHOST_WINDOW_SECONDS,
  type GhostPointsResponse,
  type GhostRide,
  type GhostsResponse,
} from '@ridealong/contracts';

/** Test data for the ghost files: rides, a candidates answer and points windows. */

export function ghostRide(track: number, fields: Partial<GhostRide> = {}): GhostRide {
  return {
    track_id: track,
    user_id: track + 100,
    display_name: `Rider ${track}`,
    photo_url: null,
    weight: 70,
    rank: track,
    distance: 20_000,
    seconds: 3_600 + track,
    average_power: 200,
    finished: true,
    created_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

export const ghostsAnswer: GhostsResponse = {
  own: ghostRide(5, { display_name: 'Me Before', user_id: 1 }),
  leaders: [
    ghostRide(1, { display_name: 'Ada' }),
    ghostRide(2, { display_name: 'Bo' }),
    ghostRide(3, { display_name: 'Cy' }),
  ],
  around: [
    ghostRide(4, { display_name: 'Di' }),
    ghostRide(5, { display_name: 'Me Before', user_id: 1 }),
    ghostRide(6, { display_name: 'Ed', finished: false, distance: 12_345, seconds: 2_000 }),
  ],
  chosen: [5, 4, 6, 1],
};

/**
 * A points window where each track rides at its own steady speed (m/s) from 0 and its own
 * steady power; `endAt` (ride seconds) ends a track's ride.
 */
export function pointsWindow(
  from: number,
  tracks: Record<number, { speed: number; power: number; endAt?: number }>,
): GhostPointsResponse {
  return {
    from,
    series: Object.entries(tracks).map(([id, t]) => {
      const end = Math.min(from + GHOST_WINDOW_SECONDS, t.endAt ?? Infinity);
      const seconds = Array.from({ length: Math.max(0, end - from) }, (_, i) => from + i);
      return {
        track_id: Number(id),
        distance: seconds.map((s) => s * t.speed),
        power: seconds.map(() => t.power),
      };
    }),
  };
}
