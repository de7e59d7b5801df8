import type { RoutePoint } from './summary.js';

/**
 * The indices of at most `max` evenly spaced points among `n` (by index: one a second, so by
 * time), always keeping the first and the last. The profile and its times both come from here,
 * so they stay point for point.
 */
export function sampleIndices(n: number, max: number): number[] {
  if (n < 2) return Array.from({ length: Math.max(0, n) }, (_, i) => i);
  const count = Math.min(n, Math.max(2, max));
  return Array.from({ length: count }, (_, k) => Math.round((k * (n - 1)) / (count - 1)));
}

/**
 * The video second of each of the downsampled points: the point's own `t`, else its index (a
 * slope profile has one point a second from 0, so the two agree).
 */
export function profileTimes(points: readonly RoutePoint[], max: number): number[] {
  return sampleIndices(points.length, max).map((i) => points[i]!.t ?? i);
}
