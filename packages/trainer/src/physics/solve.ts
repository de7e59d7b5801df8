import { resistingForce } from './forces.js';
import type { CyclingPhysicsParams } from './params.js';

const MAX_SPEED_MPS = 1000;
const TOLERANCE_MPS = 1e-9;

/** Bisection for the point where an increasing `f` crosses 0 on [lo, hi] (f(lo) < 0 <= f(hi)). */
function bisect(f: (v: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < 200 && b - a > TOLERANCE_MPS; i++) {
    const mid = (a + b) / 2;
    if (f(mid) < 0) a = mid;
    else b = mid;
  }
  return (a + b) / 2;
}

/** Smallest bracket [0, hi] with f(hi) >= 0, doubling from 1 m/s. */
function upperBracket(f: (v: number) => number): number {
  let hi = 1;
  while (f(hi) < 0 && hi < MAX_SPEED_MPS) hi *= 2;
  return hi;
}

/**
 * Steady ground speed (m/s) at which `watts` of pedal power balance the resisting forces on
 * `gradePercent`. Negative power is treated as 0 (a rider cannot pedal backwards).
 *
 * Why bisection: the resisting force F(v) increases with v, so F(v) v = E_c P has exactly one
 * root where F > 0 for P > 0, and for P = 0 the answer is the root of F itself: the terminal
 * speed of a coasting descent, or 0 where the slope cannot overcome friction. Bisection on a
 * monotone function cannot diverge, which Newton can near F = 0.
 */
export function steadySpeedForPower(
  p: CyclingPhysicsParams,
  watts: number,
  gradePercent: number,
): number {
  const force = (v: number): number => resistingForce(p, v, gradePercent);
  // Coasting equilibrium: where the resisting force stops being negative.
  const coast = force(0) >= 0 ? 0 : bisect(force, 0, upperBracket(force));
  const wheelPower = Math.max(0, watts) * p.drivetrainEfficiency;
  if (wheelPower === 0) return coast;
  const surplus = (v: number): number => force(v) * v - wheelPower;
  let hi = Math.max(1, coast * 2);
  while (surplus(hi) < 0 && hi < MAX_SPEED_MPS) hi *= 2;
  return bisect(surplus, coast, hi);
}
