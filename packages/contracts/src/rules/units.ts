import { METRES_TO_MILES } from './duration.js';

/**
 * One metric/imperial choice per member (profile), used by every page. Imperial is the default:
 * the documents show miles (document 001 section 9: metres times 0.000621371192, 2 decimals).
 * The server stores and sends SI units (metres, km/h, kg, cm); only the display converts.
 */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'imperial';

/** What the server accepts for a body (userUpdateSchema), in kg and cm. */
export const WEIGHT_KG_RANGE = { min: 20, max: 300 } as const;
export const HEIGHT_CM_RANGE = { min: 50, max: 260 } as const;

const KM_TO_MILES = 0.621371192;
const METRES_TO_FEET = 3.28083989501;
const KG_TO_LB = 2.20462262185;
const CM_TO_INCHES = 1 / 2.54;

/** A stored value (a column, a persisted client state) read back as a unit system. */
export function unitSystemOf(value: unknown): UnitSystem {
  return value === 'metric' ? 'metric' : DEFAULT_UNIT_SYSTEM;
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export type Measure = { value: number; unit: string };

/** A distance in the member's long unit (mi or km), to `digits` decimals. */
export function distanceMeasure(metres: number, system: UnitSystem, digits = 2): Measure {
  return system === 'metric'
    ? { value: round(metres / 1000, digits), unit: 'km' }
    : { value: round(metres * METRES_TO_MILES, digits), unit: 'mi' };
}

/** A speed given in km/h (the trainers' unit), in mph or km/h, one decimal. */
export function speedMeasure(kmh: number, system: UnitSystem, digits = 1): Measure {
  return system === 'metric'
    ? { value: round(kmh, digits), unit: 'km/h' }
    : { value: round(kmh * KM_TO_MILES, digits), unit: 'mph' };
}

/** A climb or an elevation in metres, in ft or m, whole. */
export function elevationMeasure(metres: number, system: UnitSystem): Measure {
  return system === 'metric'
    ? { value: Math.round(metres), unit: 'm' }
    : { value: Math.round(metres * METRES_TO_FEET), unit: 'ft' };
}

/** A body weight in kg, in lb or kg, one decimal. */
export function weightMeasure(kg: number, system: UnitSystem): Measure {
  return system === 'metric'
    ? { value: round(kg, 1), unit: 'kg' }
    : { value: round(kg * KG_TO_LB, 1), unit: 'lb' };
}

/** A height in cm, in inches or cm, one decimal. */
export function heightMeasure(cm: number, system: UnitSystem): Measure {
  return system === 'metric'
    ? { value: round(cm, 1), unit: 'cm' }
    : { value: round(cm * CM_TO_INCHES, 1), unit: 'in' };
}

/** A weight typed in the member's unit, back to kg (what the server stores). */
export const weightToKg = (value: number, system: UnitSystem) =>
  system === 'metric' ? value : value / KG_TO_LB;

/** A distance the documents give in miles (challenge goals, the stats card), in metres. */
export const milesToMetres = (miles: number) => miles / METRES_TO_MILES;

/** A height typed in the member's unit, back to cm. */
export const heightToCm = (value: number, system: UnitSystem) =>
  system === 'metric' ? value : value / CM_TO_INCHES;

export const formatMeasure = ({ value, unit }: Measure) => `${value} ${unit}`;

export const formatDistance = (metres: number, system: UnitSystem, digits = 2) =>
  formatMeasure(distanceMeasure(metres, system, digits));
export const formatSpeed = (kmh: number, system: UnitSystem, digits = 1) =>
  formatMeasure(speedMeasure(kmh, system, digits));
export const formatElevation = (metres: number, system: UnitSystem) =>
  formatMeasure(elevationMeasure(metres, system));
