/**
 * GPS readings -> one point per second of video: cumulative distance, cleaned elevation, speed and
 * the slope the trainer will simulate. One pipeline for GoPro GPMF and GPX (and the benchmark).
 */
import {
  DEFAULT_FIX_THRESHOLDS,
  estimateNoise,
  filterFixes,
  type FixThresholds,
  smoothElevation,
  type SmoothOptions,
} from './clean-elevation.js';
import { alongTrack } from './distance.js';
import type { ElevationObservation } from './local-fit.js';
import type { ElevationFit } from './road-spline.js';
import type { TrackSample } from './track.js';

export type SlopePoint = {
  /** Whole seconds from the start of the video: 0, 1, ..., length - 1. */
  t: number;
  distanceM: number;
  elevationM: number;
  speedMps: number;
  slopePercent: number;
};

export type SlopeProfileOptions = {
  /** Duration of the (joined, trimmed) video; the profile has ceil(durationS) points. */
  durationS: number;
  thresholds?: Partial<FixThresholds>;
  smoothing?: SmoothOptions;
  /** Grades beyond this are GPS artefacts on any road a trainer can simulate. */
  maxSlopePercent?: number;
};

export class NoUsableTelemetryError extends Error {
  override readonly name = 'NoUsableTelemetryError';
}

export const MAX_SLOPE_PERCENT = 25;
const MIN_NOISE_M = 0.05;
/**
 * Gaussian sigma over the moving seconds' grades: what the trainer gets changes over a couple of
 * seconds, as it can follow, and never steps from one reading's segment to the next.
 */
const GRADE_SMOOTHING_S = 1.6;
/** Readings this far outside the video still steady the fit at its first and last seconds. */
const CONTEXT_S = 60;

/** Number of points: one per started second, so t = 0..ceil(duration)-1 all lie in the video. */
export function profileLength(durationS: number): number {
  return Math.max(1, Math.ceil(durationS - 1e-6));
}

/**
 * Length and edges: ceil(durationS) points, t = 0..n-1, whatever the telemetry covers. Readings
 * up to 60 s before t=0 and after the end only steady the fit (then they are cut). Seconds before
 * the first usable reading or after the last (pad) repeat its position with speed 0, so also its
 * elevation and slope; telemetry longer than the video is truncated. Holes in the readings are
 * bridged in a straight line. Grades are clamped to +-maxSlopePercent, and
 * while stopped (speed < 0.5 m/s) the grade stays the one the rider stopped on.
 */
export function buildSlopeProfile(
  samples: readonly TrackSample[],
  options: SlopeProfileOptions,
): SlopePoint[] {
  const n = profileLength(options.durationS);
  const kept = filterFixes(samples, { ...DEFAULT_FIX_THRESHOLDS, ...options.thresholds });
  const first = kept[0];
  const last = kept[kept.length - 1];
  if (!first || !last || kept.length < 2)
    throw new NoUsableTelemetryError('no GPS readings with a usable lock');
  // Grid in whole seconds, extended into the context readings around the video.
  const start = Math.max(-CONTEXT_S, Math.min(0, Math.floor(first.t)));
  const m = Math.max(n, Math.min(n + CONTEXT_S, Math.ceil(last.t) + 1)) - start;
  const track = alongTrack(kept, start, m);
  if (!track) throw new NoUsableTelemetryError('GPS readings do not overlap the video');
  const { distance, speed, moving } = track;

  const obs = observations(distance, kept, start);
  if (obs.length < 2) throw new NoUsableTelemetryError('no GPS altitude with a 3D lock');
  // A floor keeps the outlier test sane on very clean (barometric) altitude.
  const noise = Math.max(MIN_NOISE_M, estimateNoise(obs));
  const fits = smoothElevation(obs, distance, noise, options.smoothing);

  const limit = options.maxSlopePercent ?? MAX_SLOPE_PERCENT;
  const grades = smoothWhileMoving(
    fits.map((f) => f.slope),
    moving,
    GRADE_SMOOTHING_S,
  );
  const points: SlopePoint[] = [];
  let slope = 0;
  for (let i = 0; i < m; i++) {
    const fit = fits[i] as ElevationFit;
    // Stopped: keep the grade the rider stopped on rather than a fit over a pile of readings.
    if (moving[i] || i === 0) slope = grades[i] as number;
    const elevation = fit.elevationM;
    const t = i + start;
    if (t < 0 || t >= n) continue;
    points.push({
      t,
      distanceM: round((distance[i] as number) - (distance[-start] as number), 2),
      elevationM: round(elevation, 2),
      speedMps: round(speed[i] as number, 2),
      slopePercent: round(Math.max(-limit, Math.min(limit, slope * 100)), 2),
    });
  }
  return points;
}

/**
 * Each moving second's value averaged with the moving seconds around it (Gaussian, `sigmaS`);
 * stopped seconds keep theirs (they are held anyway). One pass, a dozen neighbours a second.
 */
function smoothWhileMoving(
  values: readonly number[],
  moving: readonly boolean[],
  sigmaS: number,
): number[] {
  const reach = Math.ceil(3 * sigmaS);
  const kernel = Array.from({ length: reach + 1 }, (_, k) => Math.exp(-0.5 * (k / sigmaS) ** 2));
  return values.map((v, i) => {
    if (!moving[i]) return v;
    let sw = 0;
    let sv = 0;
    for (let k = Math.max(0, i - reach); k <= Math.min(values.length - 1, i + reach); k++) {
      if (!moving[k]) continue;
      const w = kernel[Math.abs(k - i)] as number;
      sw += w;
      sv += w * (values[k] as number);
    }
    return sv / sw;
  });
}

/**
 * Elevation readings placed at the distance travelled when they were taken, averaged per second
 * of clock (so 18 Hz GoPro data counts as one steadier reading a second, like 1 Hz GPX), and
 * merged where the distance does not change (readings taken while stopped are one observation).
 */
function observations(
  distance: readonly number[],
  samples: readonly TrackSample[],
  start: number,
): ElevationObservation[] {
  const bins = new Map<number, { d: number; z: number; n: number }>();
  for (const s of samples) {
    const t = s.t - start;
    if (s.eleM === null || t < 0 || t > distance.length - 1) continue;
    const i = Math.floor(t);
    const a = distance[i] as number;
    const d = a + (t - i) * ((distance[Math.min(i + 1, distance.length - 1)] as number) - a);
    const bin = bins.get(i) ?? { d: 0, z: 0, n: 0 };
    bin.d += d;
    bin.z += s.eleM;
    bin.n++;
    bins.set(i, bin);
  }
  const out: ElevationObservation[] = [];
  let merged = { d: NaN, z: 0, n: 0 };
  for (const key of [...bins.keys()].sort((a, b) => a - b)) {
    const b = bins.get(key) as { d: number; z: number; n: number };
    const d = b.d / b.n;
    if (Math.abs(d - merged.d) < 1e-6) {
      merged.z += b.z / b.n;
      merged.n++;
      continue;
    }
    if (merged.n > 0) out.push({ d: merged.d, z: merged.z / merged.n });
    merged = { d, z: b.z / b.n, n: 1 };
  }
  if (merged.n > 0) out.push({ d: merged.d, z: merged.z / merged.n });
  return out;
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
