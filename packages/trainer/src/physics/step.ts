import { resistingForce } from './forces.js';
import { effectiveMassKg, type CyclingPhysicsParams } from './params.js';

/** Sub-step bound: keeps explicit RK4 well inside its stability region at walking speeds. */
const MAX_SUBSTEP_S = 0.05;

/**
 * Ground speed after `dtSeconds` at constant pedal power `watts` on `gradePercent`, starting at
 * `v0`. Integrates the kinetic-energy balance of Martin et al.:
 *   d/dt [0.5 (m + I/r^2) v^2] = E_c P - F(v) v
 * in energy rather than speed because dv/dt = .../v is singular at a standstill. The bike does
 * not roll backwards: energy is clamped at 0 (a rider who stalls on a climb stands still).
 */
export function stepSpeed(
  p: CyclingPhysicsParams,
  v0: number,
  watts: number,
  gradePercent: number,
  dtSeconds: number,
): number {
  const mass = effectiveMassKg(p);
  const drive = Math.max(0, watts) * p.drivetrainEfficiency;
  const speedOf = (energy: number): number => Math.sqrt((2 * Math.max(0, energy)) / mass);
  const dEdt = (energy: number): number => {
    const v = speedOf(energy);
    return drive - resistingForce(p, v, gradePercent) * v;
  };
  let energy = 0.5 * mass * Math.max(0, v0) ** 2;
  if (!(dtSeconds > 0)) return speedOf(energy);
  const steps = Math.ceil(dtSeconds / MAX_SUBSTEP_S);
  const h = dtSeconds / steps;
  // At rest the power balance is 0 = 0 even on a descent, a false equilibrium: there the slope
  // pushes with force -F(0), so a bike at rest starts rolling by Newton, v = a h.
  const pushAtRest = -resistingForce(p, 0, gradePercent);
  for (let i = 0; i < steps; i++) {
    if (energy === 0 && drive === 0 && pushAtRest > 0) {
      const v = (pushAtRest / mass) * h;
      energy = 0.5 * mass * v * v;
      continue;
    }
    const k1 = dEdt(energy);
    const k2 = dEdt(energy + (h / 2) * k1);
    const k3 = dEdt(energy + (h / 2) * k2);
    const k4 = dEdt(energy + h * k3);
    energy = Math.max(0, energy + (h / 6) * (k1 + 2 * k2 + 2 * k3 + k4));
  }
  return speedOf(energy);
}
