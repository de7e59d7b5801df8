import { randomUUID } from 'node:crypto';
import type { RideClientToServer, RidePoint, TrackSaved } from '@ridealong/contracts';
import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import type { Member } from './races-fixtures.js';
import { points, startedAgo, type RideClient } from './ride-fixtures.js';

/**
 * Rides saved over the /ride socket for the reactive ride suites (issue 26): ghosts, reactive
 * rides and their export all record whole rides on a slope video (ride-fixtures' slopeVideo).
 */

export type Video = { id: number; url: string };

/** add-track's fields besides the video and the rider (mode, difficulty, client_ride_id). */
export type AddTrackExtras = Partial<Parameters<RideClientToServer['add-track']>[0]>;

/** A ranked reactive ride: one that rides as a ghost. */
export const REACTIVE = { mode: 'reactive', difficulty: 100 } as const;

/** Opens a ride of `race` (a fresh client_ride_id unless `extra` names one); its track id. */
export async function addTrack(
  socket: RideClient,
  rider: Member,
  race: Video,
  extra: AddTrackExtras = {},
): Promise<number> {
  const added = await socket.emitWithAck('add-track', {
    race_id: race.id,
    race_url: race.url,
    user_id: rider.user.id,
    client_ride_id: randomUUID(),
    ...extra,
  });
  if (!added.ok) throw new Error(added.message);
  return added.track_id;
}

/** stop-track keeping the ride; the server's answer, unchecked. */
export const stopTrack = (socket: RideClient, rider: Member, race: Video, trackId: number) =>
  socket.emitWithAck('stop-track', {
    discard_track: false,
    raceUrl: race.url,
    trackId,
    userId: rider.user.id,
  });

/** Reactive seconds [from, to]: `mps` metres a ride second, the video at `videoRate` s a second. */
export const reactivePointsAt = (
  from: number,
  to: number,
  mps: number,
  videoRate: number,
): RidePoint[] =>
  points(from, to).map((p) => ({
    ...p,
    distance: p.elapsed_time * mps,
    video_time: p.elapsed_time * videoRate,
  }));

/**
 * Records and saves a ride of seconds [0, last] over `socket`: add-track with `extra`, moved
 * `ago` seconds back (default last + 1: the server takes no more seconds than have passed),
 * `points` (default steady) pushed `batch` at a time, then stop-track. Each push and the save
 * are checked; resolves with the track and the save's answer, for the caller's own checks.
 */
export async function saveRide(
  s: TestServer,
  socket: RideClient,
  rider: Member,
  race: Video,
  ride: {
    last: number;
    batch: number;
    points?: (from: number, to: number) => RidePoint[];
    extra?: AddTrackExtras;
    ago?: number;
  },
): Promise<{ trackId: number; saved: TrackSaved }> {
  const trackId = await addTrack(socket, rider, race, ride.extra);
  await startedAgo(s, ride.ago ?? ride.last + 1)(trackId);
  const pointsOf = ride.points ?? points;
  for (let from = 0; from <= ride.last; from += ride.batch) {
    const pushed = await socket.emitWithAck('push-points', {
      track_id: trackId,
      points: pointsOf(from, Math.min(ride.last, from + ride.batch - 1)),
    });
    expect(pushed).toMatchObject({ ok: true, stored: expect.any(Array) });
  }
  const saved = await stopTrack(socket, rider, race, trackId);
  expect(saved).toMatchObject({ ok: true, saved: true });
  if (!saved.ok) throw new Error(saved.message);
  return { trackId, saved };
}
