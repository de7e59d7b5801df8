import type { SupportedInclinationRange } from '../ble/machine-feature.js';
import { clamp } from '../codec/scale.js';

/** The rider's slope settings, in percent. */
export interface SlopeSettings {
  /** Scales every grade: 0-200 %, default 100 (the road as it is). */
  difficultyPercent: number;
  /** Further scales descents only: 0-100 %, default 50 (descents felt at half strength). */
  downhillPercent: number;
}

export const DEFAULT_SLOPE_SETTINGS: Readonly<SlopeSettings> = Object.freeze({
  difficultyPercent: 100,
  downhillPercent: 50,
});

/** The grade range the connected trainer accepts, in percent. */
export interface GradeLimits {
  minPercent: number;
  maxPercent: number;
}

/** What FE-C Track Resistance (page 51) can carry; the fallback when the trainer says nothing. */
export const FEC_GRADE_LIMITS: Readonly<GradeLimits> = Object.freeze({
  minPercent: -200,
  maxPercent: 200,
});

export function gradeLimitsFromInclinationRange(range: SupportedInclinationRange): GradeLimits {
  return { minPercent: range.minPercent, maxPercent: range.maxPercent };
}

function factor(value: number | undefined, fallback: number, max: number): number {
  return value === undefined || Number.isNaN(value) ? fallback : clamp(value, 0, max);
}

/** Fills defaults and clamps each factor into its range (difficulty 0-200, downhill 0-100). */
export function normalizeSlopeSettings(settings: Partial<SlopeSettings> = {}): SlopeSettings {
  return {
    difficultyPercent: factor(
      settings.difficultyPercent,
      DEFAULT_SLOPE_SETTINGS.difficultyPercent,
      200,
    ),
    downhillPercent: factor(settings.downhillPercent, DEFAULT_SLOPE_SETTINGS.downhillPercent, 100),
  };
}

function usableLimits(limits: GradeLimits | null | undefined): GradeLimits {
  // An unknown or nonsensical range must not pin the trainer to a wrong grade.
  if (!limits || !(limits.minPercent <= limits.maxPercent)) return FEC_GRADE_LIMITS;
  return limits;
}

/**
 * The grade to send to the trainer for a road grade: uphill x difficulty/100, downhill x
 * difficulty/100 x downhill/100, then clamped to the trainer's limits (FE-C's -200..+200 %
 * when they are unknown). A non-finite road grade counts as flat.
 */
export function shapeGrade(
  roadGradePercent: number,
  settings: Partial<SlopeSettings> = {},
  limits?: GradeLimits | null,
): number {
  const { difficultyPercent, downhillPercent } = normalizeSlopeSettings(settings);
  const grade = Number.isFinite(roadGradePercent) ? roadGradePercent : 0;
  let shaped = (grade * difficultyPercent) / 100;
  if (grade < 0) shaped = (shaped * downhillPercent) / 100;
  const { minPercent, maxPercent } = usableLimits(limits);
  const out = clamp(shaped, minPercent, maxPercent);
  return out === 0 ? 0 : out; // no -0 on the wire
}
