/**
 * Cleaning GPS elevation: drop readings without a usable lock, then fit elevation against
 * DISTANCE (not time, so stops and speed changes do not distort the road's shape): outliers
 * discounted by robust local regression, then a spline that stays stiff on steady grades and
 * gives way at sharp changes of grade (road-spline.ts).
 */
import { bisquareWeights, type ElevationObservation, fitAt } from './local-fit.js';
import { type ElevationFit, roadSpline, type RoadSplineOptions } from './road-spline.js';
import { localProjection, type TrackSample } from './track.js';

export type FixThresholds = {
  /** Readings with a weaker lock are dropped (2 = 2D). */
  minFix: number;
  /** Altitude is kept only from this lock type on (3 = 3D). */
  minElevationFix: number;
  /** DOP × 100 above this is dropped (GoPro's own guidance: under 500 is good). */
  maxDop: number;
  /** A reading that implies this speed to both neighbours is a position spike. */
  maxSpeedMps: number;
};

export const DEFAULT_FIX_THRESHOLDS: FixThresholds = {
  minFix: 2,
  minElevationFix: 3,
  maxDop: 500,
  maxSpeedMps: 40,
};

/** Keeps readings with a lock and good precision; clears altitude without a 3D lock. */
export function filterFixes(
  samples: readonly TrackSample[],
  th: FixThresholds = DEFAULT_FIX_THRESHOLDS,
): TrackSample[] {
  const good = samples
    .filter(
      (s) =>
        Number.isFinite(s.t) &&
        Number.isFinite(s.lat) &&
        Number.isFinite(s.lon) &&
        Math.abs(s.lat) <= 90 &&
        Math.abs(s.lon) <= 180 &&
        !(s.lat === 0 && s.lon === 0) &&
        (s.fix === null || s.fix >= th.minFix) &&
        (s.dop === null || s.dop <= th.maxDop),
    )
    .map((s) => ({
      ...s,
      eleM:
        s.eleM !== null &&
        Number.isFinite(s.eleM) &&
        (s.fix === null || s.fix >= th.minElevationFix)
          ? s.eleM
          : null,
    }))
    .sort((a, b) => a.t - b.t);
  return dropPositionSpikes(good, th.maxSpeedMps);
}

function dropPositionSpikes(samples: TrackSample[], maxSpeed: number): TrackSample[] {
  const first = samples[0];
  if (!first) return samples;
  const project = localProjection(first.lat, first.lon);
  const xy = samples.map((s) => project(s.lat, s.lon));
  const speed = (i: number, j: number) => {
    const a = xy[i];
    const b = xy[j];
    const dt = Math.abs((samples[j] as TrackSample).t - (samples[i] as TrackSample).t);
    return a && b ? Math.hypot(b.x - a.x, b.y - a.y) / Math.max(dt, 0.05) : 0;
  };
  return samples.filter((_, i) => {
    const last = samples.length - 1;
    const prev = i > 0 ? speed(i - 1, i) : 0;
    const next = i < last ? speed(i, i + 1) : 0;
    // A spike is fast on both sides; a lone edge reading needs only its one side.
    return !((i === 0 || prev > maxSpeed) && (i === last || next > maxSpeed) && last > 0);
  });
}

export type SmoothOptions = Partial<RoadSplineOptions> & {
  /** Bisquare reweighting passes that discount outliers (multipath spikes). */
  robustIterations?: number;
};

/**
 * Tuned with bench/slope-noise.bench.ts (see the table it prints): stiff enough that flats and
 * steady climbs read within a few tenths of a point, kinks cheap enough that a 300 m wall keeps
 * its foot and top and the climb of the road is not inflated by its rounded corners.
 */
export const SMOOTH_DEFAULTS = {
  stiffness: 2e6,
  kinkCost: 240,
  noiseFloorM: 0.7,
  robustIterations: 2,
};

/** Window of the pilot fit that finds outliers: a few readings at least, at most this wide. */
const PILOT_MIN_M = 12;
const PILOT_MAX_M = 160;

/**
 * Elevation and slope at each distance in `at` (non-decreasing): outliers discounted by bisquare
 * reweighting around a local pilot fit, then the road spline through what remains.
 */
export function smoothElevation(
  obs: readonly ElevationObservation[],
  at: readonly number[],
  noiseM: number,
  options: SmoothOptions = {},
): ElevationFit[] {
  const o = { ...SMOOTH_DEFAULTS, ...options };
  const xs = obs.map((v) => v.d);
  const span = (xs[xs.length - 1] ?? 0) - (xs[0] ?? 0);
  const spacing = obs.length > 1 ? span / (obs.length - 1) : 1;
  // The pilot window spans a few readings at least, so one spike cannot dominate its own fit.
  const pilot = clamp(
    Math.max(pilotBandwidth(noiseM, spacing), 3 * spacing),
    PILOT_MIN_M,
    PILOT_MAX_M,
  );
  let robust = obs.map(() => 1);
  for (let pass = 0; pass < o.robustIterations; pass++) {
    const fitted = obs.map((v) => fitAt(obs, xs, robust, v.d, pilot)?.elevationM ?? null);
    robust = bisquareWeights(obs, fitted, robust, noiseM);
  }
  return roadSpline(obs, robust, at, noiseM, o);
}

/** Asymptotic window for ~0.6 % slope noise: Var(slope) ~= 0.141 noise^2 spacing / h^3. */
function pilotBandwidth(noiseM: number, spacingM: number): number {
  return Math.cbrt((0.141 * noiseM * noiseM * Math.max(spacingM, 0.5)) / 0.006 ** 2);
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * Noise sigma of the readings, from how far each one lies off the line through its neighbours
 * (the road's own curvature is negligible at this spacing). A trimmed RMS rather than a median:
 * readings quantised to whole metres make the median jump between grid values; trimming the top
 * 10 % keeps multipath spikes out.
 */
export function estimateNoise(obs: readonly ElevationObservation[]): number {
  const r: number[] = [];
  for (let i = 1; i < obs.length - 1; i++) {
    const a = obs[i - 1] as ElevationObservation;
    const b = obs[i] as ElevationObservation;
    const c = obs[i + 1] as ElevationObservation;
    const span = c.d - a.d;
    if (span <= 0) continue;
    const f = (b.d - a.d) / span;
    // Var(residual) = sigma^2 (1 + f^2 + (1-f)^2); normalise so each term estimates sigma.
    r.push(Math.abs(b.z - (a.z + f * (c.z - a.z))) / Math.sqrt(1 + f * f + (1 - f) ** 2));
  }
  if (r.length === 0) return 0;
  r.sort((a, b) => a - b);
  const kept = r.slice(0, Math.max(1, Math.ceil(r.length * 0.9)));
  // E[Z^2 | Z within its central 90 %] = 0.623 for a Gaussian: undo the trimming's shrinkage.
  return Math.sqrt(kept.reduce((a, v) => a + v * v, 0) / kept.length / 0.623);
}
