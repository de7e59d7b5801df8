import { RIDE, type RideMode, type RidePointInput } from '@ridealong/contracts';
import { RideError } from './errors.js';

/**
 * What one socket knows of its ride. Document 001's payloads leave out what this server added
 * (a client ride id, push-points' track, every field of history-leaderboard), so these are the
 * defaults: the video of the socket's initialize-race or add-track, the track add-track
 * answered, and the second and sum its pushes have reached.
 */
export type SocketRide = {
  race: { id: number; url: string } | null;
  trackId: number | null;
  /** When add-track answered (ms): the ride's clock until a push arrives. */
  startedAt: number | null;
  /** The latest second stored for this ride, its accumulated power, and when it arrived (ms). */
  reached: { second: number; sum: number; at: number } | null;
  /** Track ids shown to be the rider's own (a history-leaderboard `track_id` is checked once). */
  own: Set<number>;
  /** The mode of own tracks known so far (history-leaderboard refuses a reactive one). */
  modes: Map<number, RideMode>;
};

export const newSocketRide = (): SocketRide => ({
  race: null,
  trackId: null,
  startedAt: null,
  reached: null,
  own: new Set(),
  modes: new Map(),
});

/** The socket's ride moves to `trackId` of `race` (add-track answered), resumed at `reached`. */
export function rideStarted(
  ride: SocketRide,
  race: { id: number; url: string },
  trackId: number,
  reached: SocketRide['reached'],
  nowMs: number,
): void {
  ride.race = race;
  if (ride.trackId !== trackId) ride.reached = null;
  ride.trackId = trackId;
  ride.own.add(trackId);
  ride.startedAt = nowMs;
  if (reached && (!ride.reached || reached.second > ride.reached.second)) ride.reached = reached;
}

/** A stored batch moves the ride's reached second forward (a resent older batch does not). */
export function batchStored(
  ride: SocketRide,
  trackId: number,
  last: { second: number; sum: number },
  nowMs: number,
): void {
  if (ride.trackId !== trackId) return;
  if (ride.reached && ride.reached.second >= last.second) return;
  ride.reached = { ...last, at: nowMs };
}

/**
 * The second the rider has reached, for a history-leaderboard without `elapsed_time`: the last
 * stored second plus the whole seconds since it arrived, at most one push interval on (the next
 * push is due by then, and a paused video stops pushing). Before any push, the seconds since
 * add-track the same way; 0 on a socket that only initialised its video; null with no video.
 */
export function reachedSecond(ride: SocketRide, nowMs: number): number | null {
  const since = (ms: number) =>
    Math.min(Math.max(Math.floor((nowMs - ms) / 1000), 0), RIDE.pushIntervalSeconds);
  if (ride.reached) return ride.reached.second + since(ride.reached.at);
  if (ride.startedAt !== null) return since(ride.startedAt);
  return ride.race ? 0 : null;
}

/**
 * The rider's accumulated power at `second`, to place them among the earlier rides: the stored
 * sum at the reached second, carried at the ride's average power to another second. Null before
 * anything was stored (the answer is then the top 10, unplaced).
 */
export function sumAt(ride: SocketRide, second: number): number | null {
  if (!ride.reached) return null;
  const { second: at, sum } = ride.reached;
  return at === second ? sum : (sum * (second + 1)) / (at + 1);
}

/**
 * The track a push-points is for: the payload's `track_id`, else the one its points name
 * (document 001's sample carries it), else the socket's ride; null when none is known.
 */
export function pushTarget(
  payloadTrack: number | undefined,
  points: readonly Pick<RidePointInput, 'track_id'>[],
  ride: SocketRide,
): number | null {
  if (payloadTrack !== undefined) return payloadTrack;
  const named = new Set(points.map((p) => p.track_id).filter((id) => id !== undefined));
  if (named.size > 1) throw new RideError('The points name more than one ride (track_id).');
  const [fromPoints] = named;
  return fromPoints ?? ride.trackId;
}
