import { formatElevation, type RouteSummary, type UnitSystem } from '@ridealong/contracts';

/**
 * Where the rider is on a video's route at a moment of the video, and the slope around and
 * ahead of them, from the route summary's bounded profile (at most 400 points with the video
 * second of each, `profile_t`). Pure: the pages call these a few times a second.
 */

/** "Now" is the grade over this stretch centred on the rider (metres). */
export const GRADE_NOW_SPAN_M = 50;
/** The look-ahead: 200 m, or an eighth of a mile (660 ft) for imperial units. */
export const LOOK_AHEAD_M: Record<UnitSystem, number> = { metric: 200, imperial: 201.168 };
/** A stretch shorter than this gives no grade (the last metres of a route). */
export const MIN_GRADE_RUN_M = 5;

export type RoutePlace = { distance: number; elevation: number };

/** The last index i with values[i] <= x (values ascending), or -1. */
function lastAtOrBelow(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The value at `x` along `xs` -> `ys`, straight between neighbours, held at both ends. */
function interpolate(xs: readonly number[], ys: readonly number[], x: number): number {
  const i = lastAtOrBelow(xs, x);
  if (i < 0) return ys[0]!;
  if (i >= xs.length - 1) return ys[xs.length - 1]!;
  const x0 = xs[i]!;
  const x1 = xs[i + 1]!;
  const f = x1 > x0 ? (x - x0) / (x1 - x0) : 0;
  return ys[i]! + (ys[i + 1]! - ys[i]!) * f;
}

/** Whether the route carries enough to place a rider (two points, one time for each). */
export function canPlace(route: RouteSummary): boolean {
  return route.profile.length >= 2 && route.profile_t.length === route.profile.length;
}

/** The rider's distance and elevation at video second `t`, or null when it cannot be placed. */
export function placeAt(route: RouteSummary, t: number): RoutePlace | null {
  if (!canPlace(route) || !Number.isFinite(t)) return null;
  const distances = route.profile.map((p) => p[0]);
  const elevations = route.profile.map((p) => p[1]);
  return {
    distance: interpolate(route.profile_t, distances, t),
    elevation: interpolate(route.profile_t, elevations, t),
  };
}

/** The elevation at `distance` metres along the route (held at both ends). */
export function elevationAt(route: RouteSummary, distance: number): number {
  const distances = route.profile.map((p) => p[0]);
  const elevations = route.profile.map((p) => p[1]);
  return interpolate(distances, elevations, distance);
}

/** The average grade (percent) from `from` to `to` metres, or null for too short a stretch. */
export function gradeBetween(route: RouteSummary, from: number, to: number): number | null {
  if (!(to - from >= MIN_GRADE_RUN_M)) return null;
  return ((elevationAt(route, to) - elevationAt(route, from)) / (to - from)) * 100;
}

export type Grades = {
  /** The grade under the rider (GRADE_NOW_SPAN_M around them), or null. */
  now: number | null;
  /** The average grade of the stretch ahead, or null near the finish. */
  ahead: number | null;
  /** How long that stretch is: the look-ahead, or less where the route ends sooner. */
  aheadM: number;
};

/** The grade now and over the `lookAheadM` ahead of a rider `distance` metres along. */
export function gradesAt(route: RouteSummary, distance: number, lookAheadM: number): Grades {
  const start = route.profile[0]![0];
  const end = route.profile[route.profile.length - 1]![0];
  const half = GRADE_NOW_SPAN_M / 2;
  const from = Math.max(start, Math.min(distance - half, end - GRADE_NOW_SPAN_M));
  const to = Math.min(end, Math.max(distance + half, start + GRADE_NOW_SPAN_M));
  const aheadEnd = Math.min(end, distance + lookAheadM);
  return {
    now: gradeBetween(route, from, to),
    ahead: gradeBetween(route, distance, aheadEnd),
    aheadM: Math.max(0, aheadEnd - distance),
  };
}

/** A grade to one decimal, never '-0.0'. */
export function formatGrade(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${(rounded === 0 ? 0 : rounded).toFixed(1)} %`;
}

/** 'Now 4.2 % · next 200 m 7.5 %' (or the feet of imperial units); '' when nothing is known. */
export function slopeText(grades: Grades, units: UnitSystem): string {
  const parts: string[] = [];
  if (grades.now !== null) parts.push(`Now ${formatGrade(grades.now)}`);
  if (grades.ahead !== null) {
    const next = `next ${formatElevation(grades.aheadM, units)} ${formatGrade(grades.ahead)}`;
    parts.push(parts.length === 0 ? next.charAt(0).toUpperCase() + next.slice(1) : next);
  }
  return parts.join(' · ');
}
