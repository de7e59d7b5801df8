import {
  ROUTE_PROFILE_MAX_POINTS,
  type ProfilePoint,
  type RouteSummary,
} from '@ridealong/contracts';
import { routeClimb } from '@ridealong/media';
import { profileTimes, sampleIndices } from './profile-times.js';

/**
 * One second of a video's slope profile, as race_slope_points holds it; `t` is its video second
 * (its index when absent: the profile has one point a second from 0).
 */
export type RoutePoint = { distance: number; elevation: number; t?: number };

/**
 * The steepest grade is the steepest rise over at least this distance: a single second of a
 * smoothed GPS profile can read steeper than any stretch a rider actually feels.
 */
export const STEEPEST_STRETCH_M = 100;

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * A video's route facts and elevation profile from its per-second points (in time order), or
 * null when there are too few to make a route (no slope data). Linear in the points, once per
 * video version: the pages read the result, never the seconds.
 */
export function routeSummary(points: readonly RoutePoint[]): RouteSummary | null {
  if (points.length < 2) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  let min = first.elevation;
  let max = first.elevation;
  for (let i = 1; i < points.length; i++) {
    min = Math.min(min, points[i]!.elevation);
    max = Math.max(max, points[i]!.elevation);
  }
  return {
    distance_m: round1(Math.max(0, last.distance - first.distance)),
    // Rises between turning points past a hysteresis, shared with the slope benchmark.
    climb_m: round1(routeClimb(points.map((p) => p.elevation))),
    max_grade_percent: round1(steepestGrade(points)),
    min_elevation_m: round1(min),
    max_elevation_m: round1(max),
    profile: downsample(points, ROUTE_PROFILE_MAX_POINTS),
    profile_t: profileTimes(points, ROUTE_PROFILE_MAX_POINTS),
  };
}

/**
 * The steepest grade (percent) between any point and the first point at least
 * STEEPEST_STRETCH_M further on (two pointers, linear). A route shorter than that stretch
 * reads its overall grade. Descents count as 0: this is the steepest climb.
 */
export function steepestGrade(points: readonly RoutePoint[]): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || last.distance - first.distance <= 0) return 0;
  const stretch = Math.min(STEEPEST_STRETCH_M, last.distance - first.distance);
  let best = 0;
  let j = 0;
  for (let i = 0; i < points.length; i++) {
    const from = points[i]!;
    if (j < i) j = i;
    while (j < points.length && points[j]!.distance - from.distance < stretch) j++;
    if (j >= points.length) break;
    const to = points[j]!;
    const run = to.distance - from.distance;
    if (run > 0) best = Math.max(best, ((to.elevation - from.elevation) / run) * 100);
  }
  return best;
}

/**
 * At most `max` evenly spaced points (by index: one a second, so by time), always keeping the
 * first and the last, rounded to 0.1 m so the answer stays small.
 */
export function downsample(points: readonly RoutePoint[], max: number): ProfilePoint[] {
  return sampleIndices(points.length, max).map((i) => {
    const p = points[i]!;
    return [round1(p.distance), round1(p.elevation)];
  });
}
