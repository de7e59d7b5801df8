/**
 * Parameters of the road-cycling power model of Martin et al. (1998), "Validation of a
 * mathematical model for road cycling power", J Appl Biomech 14:276-291. Defaults are the
 * paper's constants where it has them and typical values otherwise.
 */
export interface CyclingPhysicsParams {
  riderMassKg: number;
  bikeMassKg: number;
  /** Drag area of rider and bike, m^2. */
  cdA: number;
  /** F_w: extra drag area of the spinning spokes, m^2 (0.0044 in the paper). */
  spokeDragAreaM2: number;
  crr: number;
  airDensityKgM3: number;
  /** E_c: the share of pedal power that reaches the wheel (0.976 in the paper). */
  drivetrainEfficiency: number;
  /** I: moment of inertia of both wheels, kg m^2 (0.14 in the paper). */
  wheelInertiaKgM2: number;
  /** r: outside radius of the tyre, m (0.311 in the paper). */
  wheelRadiusM: number;
  /** Wind along the road, m/s: positive is a headwind. */
  windSpeedMps: number;
  gravityMps2: number;
}

export const DEFAULT_PHYSICS_PARAMS: Readonly<CyclingPhysicsParams> = Object.freeze({
  riderMassKg: 72,
  bikeMassKg: 8,
  cdA: 0.32,
  spokeDragAreaM2: 0.0044,
  crr: 0.004,
  airDensityKgM3: 1.226,
  drivetrainEfficiency: 0.976,
  wheelInertiaKgM2: 0.14,
  wheelRadiusM: 0.311,
  windSpeedMps: 0,
  gravityMps2: 9.81,
});

/**
 * Defaults merged with overrides, checked once here so the solvers can trust them. Throws a
 * RangeError on values that make the model meaningless (a programming error, not input).
 */
export function physicsParams(overrides: Partial<CyclingPhysicsParams> = {}): CyclingPhysicsParams {
  const p: CyclingPhysicsParams = { ...DEFAULT_PHYSICS_PARAMS, ...overrides };
  for (const [key, value] of Object.entries(p)) {
    if (!Number.isFinite(value)) throw new RangeError(`physics parameter ${key} must be finite`);
  }
  if (p.riderMassKg + p.bikeMassKg <= 0) throw new RangeError('total mass must be positive');
  if (p.cdA + p.spokeDragAreaM2 <= 0) {
    // Without air drag a descent has no terminal speed.
    throw new RangeError('drag area must be positive');
  }
  if (p.drivetrainEfficiency <= 0 || p.drivetrainEfficiency > 1) {
    throw new RangeError('drivetrain efficiency must be in (0, 1]');
  }
  if (p.crr < 0 || p.airDensityKgM3 <= 0 || p.wheelInertiaKgM2 < 0 || p.wheelRadiusM <= 0) {
    throw new RangeError('crr, air density, wheel inertia and radius must be physical');
  }
  if (p.gravityMps2 <= 0) throw new RangeError('gravity must be positive');
  return p;
}

export function totalMassKg(p: CyclingPhysicsParams): number {
  return p.riderMassKg + p.bikeMassKg;
}

/** m + I / r^2: the wheels' rotation stores kinetic energy as if it were extra mass. */
export function effectiveMassKg(p: CyclingPhysicsParams): number {
  return totalMassKg(p) + p.wheelInertiaKgM2 / (p.wheelRadiusM * p.wheelRadiusM);
}
