import type { TrackSaved } from '@ridealong/contracts';
import { flushPoints, type PointBuffer, type PushPoints, type StoredRide } from './pointBuffer';
import { unwrap, type RideTransport } from './rideSocket';

/** The ride's track on the server: asked again with the same client_ride_id when unknown. */
export async function ensureTrack(
  transport: RideTransport,
  buffer: PointBuffer,
  ride: StoredRide,
  username?: string,
): Promise<number> {
  if (ride.track_id !== null) return ride.track_id;
  const added = unwrap(
    await transport.request('add-track', {
      title: ride.title,
      race_id: ride.race_id,
      username,
      race_url: ride.race_url,
      user_id: ride.user_id,
      client_ride_id: ride.client_ride_id,
      // A ride kept before modes existed has neither: the server's steady at 100.
      ...(ride.mode ? { mode: ride.mode } : {}),
      ...(ride.difficulty !== undefined ? { difficulty: ride.difficulty } : {}),
    }),
  );
  await buffer.updateRide(ride.client_ride_id, { track_id: added.track_id });
  return added.track_id;
}

/** push-points for one track through the channel, resolving with the seconds stored. */
export function pushVia(transport: RideTransport, trackId: number): PushPoints {
  return async (points, status) =>
    unwrap(await transport.request('push-points', { track_id: trackId, points, status })).stored;
}

export type FinishOptions = { discard: boolean; stravaAutoSave?: boolean };

/**
 * Ends a ride kept in this browser (the live one, or one left by a reload): for a save, every
 * unconfirmed point goes up with the last batch marked 'final'; then stop-track; then the
 * local copy is dropped. Throws with the server's message when any step fails, keeping the
 * local copy so it can be tried again.
 */
export async function finishRide(
  transport: RideTransport,
  buffer: PointBuffer,
  clientRideId: string,
  { discard, stravaAutoSave }: FinishOptions,
): Promise<TrackSaved | null> {
  const ride = await buffer.getRide(clientRideId);
  if (!ride) return null;
  // A discarded ride that never reached the server has nothing to stop there.
  if (discard && ride.track_id === null) {
    await buffer.remove(clientRideId);
    return null;
  }
  const trackId = await ensureTrack(transport, buffer, ride);
  if (!discard) {
    const left = await flushPoints(buffer, clientRideId, pushVia(transport, trackId), {
      final: true,
    });
    if (left > 0) throw new Error('Some of the ride was not stored. Please try again.');
  }
  const saved = unwrap(
    await transport.request('stop-track', {
      discard_track: discard,
      accumulated_power: ride.accumulated_power,
      raceUrl: ride.race_url,
      trackId,
      userId: ride.user_id,
      strava_auto_save: stravaAutoSave,
    }),
  );
  await buffer.remove(clientRideId);
  return saved;
}
