import { totalMassKg, type CyclingPhysicsParams } from './params.js';

/** Wheel bearing friction of Martin et al.: P_WB = V (91 + 8.7 V) 1e-3 W, i.e. a force in N. */
const BEARING_N = 0.091;
const BEARING_N_PER_MPS = 0.0087;

/** The resisting forces at ground speed v on a grade, in newtons (negative pushes forward). */
export interface ResistingForces {
  aero: number;
  rolling: number;
  bearings: number;
  gravity: number;
  total: number;
}

/**
 * Forces of the Martin model at ground speed `speedMps` (>= 0) on `gradePercent`. Each term
 * times the ground speed is that term's power: P_AT, P_RR, P_WB and P_PE.
 */
export function resistingForces(
  p: CyclingPhysicsParams,
  speedMps: number,
  gradePercent: number,
): ResistingForces {
  const v = Math.max(0, speedMps);
  const angle = Math.atan(gradePercent / 100);
  const weight = totalMassKg(p) * p.gravityMps2;
  const air = v + p.windSpeedMps;
  // va*|va| keeps the sign: a tailwind faster than the rider pushes.
  const aero = 0.5 * p.airDensityKgM3 * (p.cdA + p.spokeDragAreaM2) * air * Math.abs(air);
  const rolling = Math.cos(angle) * p.crr * weight;
  const bearings = BEARING_N + BEARING_N_PER_MPS * v;
  const gravity = Math.sin(angle) * weight;
  return { aero, rolling, bearings, gravity, total: aero + rolling + bearings + gravity };
}

/** Total resisting force in newtons; monotonic increasing in speed, which the solver relies on. */
export function resistingForce(
  p: CyclingPhysicsParams,
  speedMps: number,
  gradePercent: number,
): number {
  return resistingForces(p, speedMps, gradePercent).total;
}
