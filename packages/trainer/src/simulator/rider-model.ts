import { clamp } from '../codec/scale.js';

export interface HeartRateModelOptions {
  restingBpm: number;
  maxBpm: number;
  ftpWatts: number;
  /** Time constants of the lag towards the target, s: the heart speeds up faster than it slows. */
  riseTauS: number;
  fallTauS: number;
}

/**
 * Target heart rate for a power: resting plus a share of the heart-rate reserve proportional
 * to power/FTP, reaching 85 % of the reserve at FTP (near the usual threshold heart rate) and
 * capped at the maximum.
 */
export function targetHeartRate(watts: number, o: HeartRateModelOptions): number {
  const reserveShare = clamp((0.85 * Math.max(0, watts)) / o.ftpWatts, 0, 1);
  return o.restingBpm + reserveShare * (o.maxBpm - o.restingBpm);
}

/** First-order lag step, exact for any dt: hr += (target - hr)(1 - e^(-dt/tau)). */
export function stepHeartRate(
  hr: number,
  watts: number,
  dtSeconds: number,
  o: HeartRateModelOptions,
): number {
  const target = targetHeartRate(watts, o);
  const tau = target > hr ? o.riseTauS : o.fallTauS;
  return hr + (target - hr) * (1 - Math.exp(-dtSeconds / tau));
}

/**
 * Cadence a rider picks: their preferred cadence, a little lower on climbs (1 rpm per % above
 * 2 %, not below 55), 0 when not pedalling.
 */
export function riderCadence(preferredRpm: number, watts: number, gradePercent: number): number {
  if (watts < 5) return 0;
  return Math.max(55, preferredRpm - Math.max(0, gradePercent - 2));
}
