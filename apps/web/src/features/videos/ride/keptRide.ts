import { RIDE } from '@ridealong/contracts';
import type { StoredRide } from './pointBuffer';
import { initialRecorder, type RecorderState } from './recorder';
import { EMPTY_RIDE_SNAPSHOT, type RideSessionDeps, type RideSnapshot } from './rideSnapshot';

/** What a new ride keeps in this browser at its start; its seconds and totals follow. */
export function newKeptRide(deps: RideSessionDeps, startedAt: number): StoredRide {
  const { race, rider, clientRideId } = deps;
  return {
    client_ride_id: clientRideId,
    race_url: race.url,
    race_id: race.id,
    user_id: rider.id,
    title: race.title,
    track_id: null,
    started_at: startedAt,
    accumulated_power: 0,
    last_elapsed: -1,
    mode: deps.mode ?? 'steady',
    difficulty: deps.difficulty,
    distance: 0,
  };
}

/**
 * Where a ride's recording starts: from nothing, or for a resumed ride after its last kept
 * second, with its totals and distance (and its pushes counted from its 10 s window).
 */
export function startOf(kept: StoredRide | undefined): {
  recorder: RecorderState;
  snapshot: RideSnapshot;
  pushedWindow: number;
} {
  if (!kept)
    return { recorder: initialRecorder(), snapshot: EMPTY_RIDE_SNAPSHOT, pushedWindow: -1 };
  return {
    recorder: initialRecorder(kept.last_elapsed, kept.accumulated_power, kept.distance ?? 0),
    snapshot: {
      ...EMPTY_RIDE_SNAPSHOT,
      accumulatedPower: kept.accumulated_power,
      elapsedSeconds: kept.last_elapsed + 1,
      distance: kept.distance ?? 0,
    },
    pushedWindow: Math.floor(kept.last_elapsed / RIDE.pushIntervalSeconds),
  };
}
