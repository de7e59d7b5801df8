/**
 * A synthetic video route with a known timeline, for the reactive-ride drift test and bench.
 * Not exported from the package.
 */
import { Prng } from '../simulator/prng.js';
import type { TimelineProfile } from '../reactive/route-timeline.js';

export interface SyntheticRouteOptions {
  seconds: number;
  seed?: number;
  /** The filmer stands still over [stopAt, stopAt + stopS) (after a 5 s slow-down). */
  stopAt?: number;
  stopS?: number;
  /** GPS jitter of +-jitterM metres on the distance over [jitterFrom, jitterTo). */
  jitterFrom?: number;
  jitterTo?: number;
  jitterM?: number;
  /** Every this many seconds one reading is missing (0: none). */
  missingEvery?: number;
}

/**
 * Filmed speed 3-18 m/s (two slow waves), grade -8..+8 % (smooth), optionally a stop, a stretch
 * of jitter strong enough to step backwards and missing readings.
 */
export function syntheticRoute(options: SyntheticRouteOptions): {
  profile: TimelineProfile;
  filmedSpeed: number[];
} {
  const { seconds, seed = 1, stopAt = -1, stopS = 0 } = options;
  const { jitterFrom = -1, jitterTo = -1, jitterM = 0, missingEvery = 0 } = options;
  const rng = new Prng(seed);
  const filmedSpeed: number[] = [];
  const distance: Array<number | null> = [];
  const slope: Array<number | null> = [];
  let d = 0;
  for (let s = 0; s < seconds; s++) {
    const wave = 0.5 + 0.5 * Math.sin((2 * Math.PI * s) / 617) * Math.cos((2 * Math.PI * s) / 1733);
    let v = 3 + 15 * wave;
    if (s >= stopAt - 5 && s < stopAt) v *= (stopAt - s) / 6; // slowing down
    if (s >= stopAt && s < stopAt + stopS) v = 0;
    filmedSpeed.push(v);
    const noise = s >= jitterFrom && s < jitterTo ? jitterM * rng.signed() : 0;
    const missing = missingEvery > 0 && s > 0 && s % missingEvery === 0;
    distance.push(missing ? null : d + noise);
    slope.push(6 * Math.sin((2 * Math.PI * s) / 911) + 2 * Math.sin((2 * Math.PI * s) / 173));
    d += v;
  }
  return { profile: { distance, slope }, filmedSpeed };
}
