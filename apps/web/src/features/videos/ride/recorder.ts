import type { RidePoint, TrackerData } from '@ridealong/contracts';
import { durationNeedsCorrection, RIDE } from '@ridealong/contracts';

/** What the recorder remembers between samples (plain data: the ride session owns it). */
export type RecorderState = {
  /** The last stored second of video; -1 before the first point. */
  lastSecond: number;
  /** Sum of every recorded second's power (watt-seconds). */
  accumulatedPower: number;
  /** Metres ridden since the ride began. */
  distance: number;
  /** The tracker's own distance at the last sample; null until the first one. */
  lastRawDistance: number | null;
};

export function initialRecorder(
  lastSecond = -1,
  accumulatedPower = 0,
  distance = 0,
): RecorderState {
  return { lastSecond, accumulatedPower, distance, lastRawDistance: null };
}

/** A point's values are clamped to the contract's ranges so one odd reading cannot sink a batch. */
const clamp = (n: number, max: number) => (Number.isFinite(n) ? Math.min(Math.max(n, 0), max) : 0);

/** Power 0 or not a number adds nothing (document 001 section 4). */
export function usablePower(power: unknown): number {
  return typeof power === 'number' && Number.isFinite(power) && power > 0 ? power : 0;
}

/**
 * The tracker reports metres since its own session began; the ride counts from its first
 * sample. A smaller reading means the tracker restarted: its whole reading is new distance.
 */
function distanceAfter(state: RecorderState, raw: number): number {
  if (!Number.isFinite(raw) || raw < 0) return state.distance;
  if (state.lastRawDistance === null) return state.distance;
  const delta = raw >= state.lastRawDistance ? raw - state.lastRawDistance : raw;
  return state.distance + delta;
}

export type RecordResult = { state: RecorderState; point: RidePoint | null };

/**
 * Applies one tracker sample at a video time. A point is made only when the video's whole
 * second has moved past the last stored one; otherwise only the distance baseline follows.
 */
export function recordSample(
  state: RecorderState,
  sample: Pick<TrackerData, 'power' | 'cadence' | 'heart_rate' | 'speed' | 'distance'>,
  videoTime: number,
  now: number,
): RecordResult {
  const second = Math.floor(videoTime);
  const distance = distanceAfter(state, sample.distance);
  const raw = Number.isFinite(sample.distance) ? sample.distance : state.lastRawDistance;
  const moved = { ...state, distance, lastRawDistance: raw };
  if (!(second > state.lastSecond)) return { state: moved, point: null };
  const power = clamp(usablePower(sample.power), 4000);
  const accumulatedPower = Math.min(state.accumulatedPower + power, 1e9);
  const point: RidePoint = {
    elapsed_time: second,
    accumulated_power: accumulatedPower,
    power,
    heart_rate: clamp(sample.heart_rate, 260),
    cadence: clamp(sample.cadence, 300),
    distance: clamp(distance, 1e7),
    speed: clamp(sample.speed, 40),
    timestamp: Math.floor(now),
  };
  return { state: { ...moved, lastSecond: second, accumulatedPower }, point };
}

/**
 * True when no data came for over a second (or none yet): the ride then records a placeholder
 * for each new second instead of repeating a stale sample.
 */
export function placeholderDue(lastDataAt: number | null, now: number): boolean {
  return lastDataAt === null || now - lastDataAt > RIDE.placeholderAfterMs;
}

/** The placeholder second: nothing is pedalled and the distance stands. */
export function recordPlaceholder(
  state: RecorderState,
  videoTime: number,
  now: number,
): RecordResult {
  const sample = { power: 0, cadence: 0, heart_rate: 0, speed: 0, distance: Number.NaN };
  return recordSample(state, sample, videoTime, now);
}

/**
 * The video's last second when it ended at `endTime`, as the ride records and shows it. The
 * samples come every 250 ms and stop with the video, so the last one can fall short of the
 * last second (a stream ends a little before its listed length): a video listed as 1:00 has
 * seconds 0..59, and a ride to its end has all 60. A video that ended far from its listing
 * (the ride then reports the corrected length) counts the seconds it played.
 */
export function lastVideoSecond(endTime: number, listedDuration: number): number {
  if (!Number.isFinite(endTime) || endTime <= 0) return -1;
  const whole = durationNeedsCorrection(listedDuration, endTime, RIDE.durationTolerance)
    ? Math.round(endTime)
    : Math.floor(listedDuration);
  return whole - 1;
}
