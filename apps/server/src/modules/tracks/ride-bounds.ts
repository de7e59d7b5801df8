import { RIDE, type RideMode } from '@ridealong/contracts';
import type { PointValues } from './gap-fill.js';

/**
 * How much ride a track can claim. Saving fills every missing second and adds the totals to
 * the member's stats, so what a client may push is bounded by what the video and the server's
 * clock allow: a 10-minute video cannot be ridden for a day, nor a day ridden in a minute.
 */
export const RIDE_BOUNDS = {
  /** Seconds of video past the stored duration a point may reach, besides the 1 % tolerance. */
  durationSlackSeconds: 5,
  /**
   * The longest ride recorded (6 h), also the limit of a video whose duration is unknown (0):
   * every ready video has a probed duration, so this only guards odd rows.
   */
  maxRideSeconds: 6 * 3600,
  /** Video seconds a track may span beyond the seconds since add-track (timers, clock skew). */
  wallClockSlackSeconds: 30,
  /** How far a point's timestamp may stray from the server's clock (a device's clock drifts). */
  timestampSkewMs: 15 * 60_000,
  /** 144 km/h, the contracts' speed limit: faster than any rider, downhill included. */
  maxSpeedMps: 40,
  /** Metres of rounding allowed on each distance step. */
  distanceSlackMetres: 1,
  /** The contracts' power limit: no second adds more watt-seconds than this. */
  maxPowerWatts: 4000,
} as const;

/** The last second of video a ride may reach: the duration plus 1 % and a few seconds, capped. */
export function lastAllowedSecond(videoDuration: number): number {
  const { durationSlackSeconds, maxRideSeconds } = RIDE_BOUNDS;
  if (!(videoDuration > 0)) return maxRideSeconds;
  const end = videoDuration * (1 + RIDE.durationTolerance) + durationSlackSeconds;
  return Math.min(Math.floor(end), maxRideSeconds);
}

/**
 * The last `elapsed_time` a ride may reach: a second of video in a steady ride; in a reactive
 * ride a second of the ride itself (a slow rider takes longer than the video), up to 6 h.
 */
export function lastAllowedElapsed(mode: RideMode, videoDuration: number): number {
  return mode === 'reactive' ? RIDE_BOUNDS.maxRideSeconds : lastAllowedSecond(videoDuration);
}

/** Whole seconds since the track was opened (add-track), plus the slack. */
export function wallClockSeconds(createdAt: Date, now: Date): number {
  const elapsed = Math.max(0, (now.getTime() - createdAt.getTime()) / 1000);
  return Math.floor(elapsed) + RIDE_BOUNDS.wallClockSlackSeconds;
}

/** The values of a point the bounds look at. */
export type BoundedPoint = Pick<
  PointValues,
  'elapsedTime' | 'distance' | 'accumulatedPower' | 'recordedAt'
> & { videoTime?: number | null };

/** What the server knows about a track when a batch arrives. */
export type BatchContext = {
  videoDuration: number;
  /** The track's mode: what `elapsed_time` counts (ride-mode.ts). */
  rideMode: RideMode;
  /** When add-track opened the track (server clock). */
  createdAt: Date;
  now: Date;
  /** The first second already stored, or null. */
  firstStored: number | null;
  /** The stored point just before the batch's first second, or null. */
  before: BoundedPoint | null;
};

/**
 * Metres one step may add: max speed over the video seconds between the two points, or over
 * their recorded times when longer (the web client adds distance pedalled while the video was
 * paused to the next second).
 */
function stepAllowance(a: BoundedPoint, b: BoundedPoint): number {
  const recorded = (b.recordedAt.getTime() - a.recordedAt.getTime()) / 1000;
  const seconds = Math.max(b.elapsedTime - a.elapsedTime, recorded);
  return RIDE_BOUNDS.maxSpeedMps * seconds + RIDE_BOUNDS.distanceSlackMetres;
}

/**
 * Why a batch (sorted by second, one point per second) cannot be stored, or null when it can.
 * Every rule only widens as time passes, so a batch that passed once passes again when the
 * client re-sends it after a reconnect.
 */
export function batchProblem(points: readonly BoundedPoint[], ctx: BatchContext): string | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const limit = lastAllowedElapsed(ctx.rideMode, ctx.videoDuration);
  if (last.elapsedTime > limit) {
    return ctx.rideMode === 'reactive'
      ? `Second ${last.elapsedTime} is past the longest ride (${limit} s at most).`
      : `Second ${last.elapsedTime} is past the end of this video (${limit} s at most).`;
  }
  // Where the video was: within the video, whatever the mode (the contracts bound it to a day).
  const videoEnd = lastAllowedSecond(ctx.videoDuration);
  const pastVideo = points.find((p) => (p.videoTime ?? 0) > videoEnd + 1);
  if (pastVideo) {
    return `The video time at second ${pastVideo.elapsedTime} is past the end of this video (${videoEnd} s at most).`;
  }
  const wall = wallClockSeconds(ctx.createdAt, ctx.now);
  const start = Math.min(first.elapsedTime, ctx.firstStored ?? first.elapsedTime);
  if (last.elapsedTime - start > wall) {
    const began = wall - RIDE_BOUNDS.wallClockSlackSeconds;
    return `This ride began ${began} s ago: it cannot be at second ${last.elapsedTime} yet.`;
  }
  const earliest = ctx.createdAt.getTime() - RIDE_BOUNDS.timestampSkewMs;
  const latest = ctx.now.getTime() + RIDE_BOUNDS.timestampSkewMs;
  const maxDistance = RIDE_BOUNDS.maxSpeedMps * wall;
  let previous = ctx.before;
  for (const p of points) {
    const at = p.recordedAt.getTime();
    if (!(at >= earliest && at <= latest)) {
      return `The time of second ${p.elapsedTime} is off: please check this device's clock.`;
    }
    if (p.accumulatedPower > RIDE_BOUNDS.maxPowerWatts * (p.elapsedTime + 1)) {
      return `The power sum at second ${p.elapsedTime} is more than can be ridden.`;
    }
    const tooFar =
      p.distance > maxDistance ||
      (previous !== null && p.distance - previous.distance > stepAllowance(previous, p));
    if (tooFar) return `The distance at second ${p.elapsedTime} is faster than can be ridden.`;
    previous = p;
  }
  return null;
}
