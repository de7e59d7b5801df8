/** Value conversions shared by encoders: physical value to a clamped raw integer. */

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Half away from zero, so -0.5 % and +0.5 % encode symmetrically (Math.round is not). */
export function roundHalfAway(value: number): number {
  const r = Math.sign(value) * Math.round(Math.abs(value));
  return r === 0 ? 0 : r; // no -0 in encoded fields
}

/**
 * Physical value -> raw field value: divide by the resolution, round, clamp to [rawMin, rawMax].
 * NaN is treated as 0 (a missing number must not turn into a random byte); infinities clamp.
 */
export function toRaw(value: number, resolution: number, rawMin: number, rawMax: number): number {
  const v = Number.isNaN(value) ? 0 : value;
  return clamp(roundHalfAway(v / resolution), rawMin, rawMax);
}
