/**
 * Per-point window choice by the intersection of confidence intervals (ICI, Lepski's method),
 * in three directions (Katkovnik's LPA-ICI): a centred window and one-sided windows behind and
 * ahead. Starting narrow, each window widens while its slope estimates stay mutually consistent;
 * on a steady grade that reaches the widest window (least noise), near a change of grade it stops
 * early (least bias). The three estimates are then fused by inverse variance, so near a change
 * the side that does not straddle it, having the wider window, dominates.
 */
import { type ElevationObservation, fitAt, type LocalFit, NO_FIT, type Side } from './local-fit.js';

export type WindowOptions = {
  minBandwidthM: number;
  maxBandwidthM: number;
  /** Confidence-interval half-width in standard deviations. */
  iciGamma: number;
};

const SIDES: readonly Side[] = ['both', 'behind', 'ahead'];
const BANDWIDTH_RATIO = 1.25;
/** Neighbouring seconds get similar windows, so the slope does not jump when the choice does. */
const BANDWIDTH_SMOOTHING = 3;

export function adaptiveFits(
  obs: readonly ElevationObservation[],
  robust: readonly number[],
  at: readonly number[],
  noiseM: number,
  o: WindowOptions,
): LocalFit[] {
  const xs = obs.map((v) => v.d);
  const ladder: number[] = [];
  for (let h = o.minBandwidthM; h <= o.maxBandwidthM * 1.0001; h *= BANDWIDTH_RATIO) ladder.push(h);
  const perSide = SIDES.map((side) => {
    // Stopped seconds share a distance: choose once per distinct distance.
    const chosen = new Map<number, number>();
    const logH = at.map((x) => {
      let h = chosen.get(x);
      if (h === undefined) {
        h = Math.log(iciBandwidth(obs, xs, robust, x, ladder, noiseM, o.iciGamma, side));
        chosen.set(x, h);
      }
      return h;
    });
    const smooth = movingAverage(runningMedian(logH, BANDWIDTH_SMOOTHING), BANDWIDTH_SMOOTHING);
    return at.map((x, i) => fitAt(obs, xs, robust, x, Math.exp(smooth[i] as number), side));
  });
  return at.map((_, i) => fuse(perSide.map((fits) => fits[i] ?? null)));
}

function iciBandwidth(
  obs: readonly ElevationObservation[],
  xs: readonly number[],
  robust: readonly number[],
  x: number,
  ladder: readonly number[],
  noiseM: number,
  gamma: number,
  side: Side,
): number {
  let lo = -Infinity;
  let hi = Infinity;
  let best = ladder[ladder.length - 1] as number;
  for (const h of ladder) {
    const fit = fitAt(obs, xs, robust, x, h, side);
    if (!fit || fit.slope === null || !Number.isFinite(fit.slopeVarFactor)) continue;
    const half = gamma * noiseM * Math.sqrt(fit.slopeVarFactor);
    lo = Math.max(lo, fit.slope - half);
    hi = Math.min(hi, fit.slope + half);
    if (lo > hi) break;
    best = h;
  }
  return best;
}

function fuse(fits: readonly (LocalFit | null)[]): LocalFit {
  let weights = 0;
  let slope = 0;
  let elevation = 0;
  let elevations = 0;
  for (const f of fits) {
    if (!f) continue;
    if (Number.isFinite(f.elevationM)) {
      elevation += f.elevationM;
      elevations++;
    }
    if (f.slope === null || !(f.slopeVarFactor > 0) || !Number.isFinite(f.slopeVarFactor)) continue;
    weights += 1 / f.slopeVarFactor;
    slope += f.slope / f.slopeVarFactor;
  }
  if (weights === 0 && elevations === 0) return NO_FIT;
  return {
    elevationM: elevations > 0 ? elevation / elevations : NaN,
    slope: weights > 0 ? slope / weights : null,
    slopeVarFactor: weights > 0 ? 1 / weights : Infinity,
  };
}

function runningMedian(v: readonly number[], r: number): number[] {
  return v.map((_, i) => {
    const w = v.slice(Math.max(0, i - r), i + r + 1).sort((a, b) => a - b);
    return w[w.length >> 1] as number;
  });
}

function movingAverage(v: readonly number[], r: number): number[] {
  return v.map((_, i) => {
    const w = v.slice(Math.max(0, i - r), i + r + 1);
    return w.reduce((a, b) => a + b, 0) / w.length;
  });
}
