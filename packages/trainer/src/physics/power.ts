import { resistingForce } from './forces.js';
import { effectiveMassKg, type CyclingPhysicsParams } from './params.js';

/**
 * Pedal power that holds a steady `speedMps` on `gradePercent` (Martin: the sum of the
 * resisting powers over E_c). When the slope alone would drive the bike faster the result is
 * negative: braking power at the wheel, with no drivetrain in the path, so no E_c.
 */
export function powerForSpeed(
  p: CyclingPhysicsParams,
  speedMps: number,
  gradePercent: number,
): number {
  const v = Math.max(0, speedMps);
  const wheelPower = resistingForce(p, v, gradePercent) * v;
  return wheelPower >= 0 ? wheelPower / p.drivetrainEfficiency : wheelPower;
}

/**
 * Mean pedal power that takes the bike from `fromMps` to `toMps` in `dtSeconds`, with the
 * kinetic-energy term P_KE = 0.5 (m + I/r^2)(V_f^2 - V_i^2)/dt and the resisting powers at the
 * mean speed, as Martin et al. apply the model between samples. Negative means braking.
 */
export function powerForSpeedChange(
  p: CyclingPhysicsParams,
  fromMps: number,
  toMps: number,
  gradePercent: number,
  dtSeconds: number,
): number {
  const vi = Math.max(0, fromMps);
  const vf = Math.max(0, toMps);
  const mean = (vi + vf) / 2;
  const kinetic = (0.5 * effectiveMassKg(p) * (vf * vf - vi * vi)) / dtSeconds;
  const wheelPower = resistingForce(p, mean, gradePercent) * mean + kinetic;
  return wheelPower >= 0 ? wheelPower / p.drivetrainEfficiency : wheelPower;
}
