import { describe, expect, it } from 'vitest';
import { physicsParams } from './params.js';
import { powerForSpeed } from './power.js';
import { steadySpeedForPower } from './solve.js';
import { stepSpeed } from './step.js';

/**
 * Reference: the road-cycling power model of Martin et al. (1998), J Appl Biomech 14:276-291,
 * written out here on its own so the package is checked against the published equation, not
 * against itself:
 *   P_total = (P_AT + P_RR + P_WB + P_PE + P_KE) / E_c
 *   P_AT = 0.5 rho (CdA + F_w) V_a^2 V_g      P_RR = V_g cos(atan G) Crr m g
 *   P_WB = V_g (91 + 8.7 V_g) 1e-3           P_PE = V_g m g sin(atan G)
 *   P_KE = 0.5 (m + I/r^2)(V_f^2 - V_i^2)/(t_f - t_i)
 */
const M = 80;
const CDA = 0.32;
const F_W = 0.0044;
const CRR = 0.004;
const RHO = 1.226;
const E_C = 0.976;
const I_WHEELS = 0.14;
const R_WHEEL = 0.311;
const G = 9.81;

function martinPower(vi: number, vf: number, gradeFraction: number, dt: number): number {
  const vg = (vi + vf) / 2;
  const va = vg; // no wind
  const pAt = 0.5 * RHO * (CDA + F_W) * va * va * vg;
  const pRr = vg * Math.cos(Math.atan(gradeFraction)) * CRR * M * G;
  const pWb = vg * (91 + 8.7 * vg) * 1e-3;
  const pPe = vg * M * G * Math.sin(Math.atan(gradeFraction));
  const pKe = dt > 0 ? (0.5 * (M + I_WHEELS / (R_WHEEL * R_WHEEL)) * (vf * vf - vi * vi)) / dt : 0;
  return (pAt + pRr + pWb + pPe + pKe) / E_C;
}

/** Steady speed for a power by bisection on the reference equation (P_KE = 0). */
function referenceSpeed(watts: number, gradeFraction: number): number {
  let lo = 0;
  let hi = 200;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (martinPower(mid, mid, gradeFraction, 0) < watts) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const params = physicsParams({
  riderMassKg: 72,
  bikeMassKg: 8,
  cdA: CDA,
  spokeDragAreaM2: F_W,
  crr: CRR,
  airDensityKgM3: RHO,
  drivetrainEfficiency: E_C,
  wheelInertiaKgM2: I_WHEELS,
  wheelRadiusM: R_WHEEL,
  windSpeedMps: 0,
  gravityMps2: G,
});

const GRADES = Array.from({ length: 31 }, (_, i) => i - 10); // -10 % .. +20 %
const POWERS = Array.from({ length: 20 }, (_, i) => 50 * (i + 1)); // 50 .. 1000 W

describe('validation against Martin et al. (1998)', () => {
  it('steady speeds agree within 0.5 % for grades -10..+20 % and 50..1000 W', () => {
    let worst = 0;
    for (const grade of GRADES) {
      for (const watts of POWERS) {
        const reference = referenceSpeed(watts, grade / 100);
        const ours = steadySpeedForPower(params, watts, grade);
        const error = Math.abs(ours - reference) / reference;
        worst = Math.max(worst, error);
        if (error >= 0.005) {
          throw new Error(`${watts} W at ${grade} %: ours ${ours}, reference ${reference}`);
        }
      }
    }
    expect(worst).toBeLessThan(0.005);
  });

  it('power for a steady speed agrees within 0.5 % wherever the rider must pedal', () => {
    for (const grade of GRADES) {
      for (let v = 1; v <= 20; v += 1) {
        const reference = martinPower(v, v, grade / 100, 0);
        if (reference <= 0) continue;
        expect(Math.abs(powerForSpeed(params, v, grade) - reference) / reference).toBeLessThan(
          0.005,
        );
      }
    }
  });

  it('a short stepSpeed interval satisfies the equation with its kinetic-energy term', () => {
    // Accelerating from 5 m/s at 600 W on 2 %: the mean power that Martin's equation needs for
    // the speed change stepSpeed produced must be the power put in.
    for (const [v0, watts, grade] of [
      [5, 600, 2],
      [12, 150, 0],
      [15, 0, -6],
    ] as const) {
      const dt = 0.5;
      const v1 = stepSpeed(params, v0, watts, grade, dt);
      const implied = martinPower(v0, v1, grade / 100, dt);
      expect(Math.abs(implied - watts)).toBeLessThan(Math.max(1, watts * 0.005));
    }
  });
});
