import type { TrackerData } from '@ridealong/contracts';
import {
  recordPlaceholder,
  recordSample,
  type RecordResult,
  type RecorderState,
} from '../recorder';

type Sample = Pick<TrackerData, 'power' | 'cadence' | 'heart_rate' | 'speed' | 'distance'>;

/** Where a reactive ride is: its own second since go, and the rider's virtual place on the route. */
export type VirtualPosition = {
  /** Seconds ridden since go, without the rider's pauses. */
  rideTime: number;
  /** Virtual distance (m) and speed (m/s). */
  distance: number;
  speed: number;
};

const clamp = (n: number, max: number) => (Number.isFinite(n) ? Math.min(Math.max(n, 0), max) : 0);

/**
 * A reactive ride's second (docs/ride.md "Reactive rides"): keyed by the ride's own second, not
 * the video's; distance and speed are the virtual rider's and `video_time` is where the video
 * was. Power, cadence and heart rate are the tracker's as in a steady ride (a missing or stale
 * sample, `null`, is a placeholder second: nothing pedalled, though the rider may still roll).
 */
export function recordVirtual(
  state: RecorderState,
  sample: Sample | null,
  position: VirtualPosition,
  videoTime: number,
  now: number,
): RecordResult {
  const base = sample
    ? recordSample(state, sample, position.rideTime, now)
    : recordPlaceholder(state, position.rideTime, now);
  const distance = clamp(position.distance, 1e7);
  const next = { ...base.state, distance };
  if (!base.point) return { state: next, point: null };
  return {
    state: next,
    point: {
      ...base.point,
      distance,
      speed: clamp(position.speed, 40),
      // Milliseconds are enough to place the frame; the contract takes fractions.
      video_time: Math.round(Math.max(0, videoTime) * 1000) / 1000,
    },
  };
}

/**
 * The second to record when the rider reaches the route's end: the current one, or the next
 * when that was recorded already, so the finish (the route's whole distance) is always kept.
 */
export function finishSecond(state: RecorderState, rideTime: number): number {
  return Math.max(Math.floor(rideTime), state.lastSecond + 1);
}
