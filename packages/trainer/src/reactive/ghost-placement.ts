/**
 * Ghosts (issue 26): a past ride of the same video replayed beside the rider, by distance.
 * A past ride is its cumulative distance by ride second: series[s] is the metres covered s
 * seconds after its start. Cumulative distance never decreases, which the binary searches
 * below rely on (the server stores it so); lookups are O(1) by time and O(log n) by distance.
 */
export type DistanceSeries = ArrayLike<number>;

export interface GhostGap {
  /** Ghost distance - rider distance: positive when the ghost is ahead. */
  metres: number;
  /**
   * Rider elapsed - the time the ghost reached the rider's distance: positive when the rider is
   * behind (got here later). null when the ghost never got this far.
   */
  seconds: number | null;
}

/**
 * The ghost's distance `elapsedSeconds` after the start, linear between seconds; 0 before the
 * start (and for an empty series), its last value once its ride is over.
 */
export function ghostDistanceAt(series: DistanceSeries, elapsedSeconds: number): number {
  const n = series.length;
  if (n === 0) return 0;
  if (!(elapsedSeconds > 0)) return series[0]!;
  const last = n - 1;
  if (elapsedSeconds >= last) return series[last]!;
  const i = Math.floor(elapsedSeconds);
  const a = series[i]!;
  return a + (series[i + 1]! - a) * (elapsedSeconds - i);
}

/**
 * The first moment (seconds since its start, interpolated) the ghost had covered `distance`;
 * 0 for a distance at or before its start, null when its ride ended short of it.
 */
export function timeGhostReached(series: DistanceSeries, distance: number): number | null {
  const n = series.length;
  if (n === 0) return null;
  if (distance <= series[0]!) return 0;
  if (!(distance <= series[n - 1]!)) return null;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (series[mid]! < distance) lo = mid + 1;
    else hi = mid;
  }
  // series[lo - 1] < distance <= series[lo], lo >= 1: that second rises.
  const b = series[lo]!;
  if (b === distance) return lo;
  const a = series[lo - 1]!;
  return lo - 1 + (distance - a) / (b - a);
}

/** Where the ghost is against a rider at `riderDistance` after `riderElapsed` seconds. */
export function gapTo(
  series: DistanceSeries,
  riderDistance: number,
  riderElapsed: number,
): GhostGap {
  const reached = timeGhostReached(series, riderDistance);
  return {
    metres: ghostDistanceAt(series, riderElapsed) - riderDistance,
    seconds: reached === null ? null : riderElapsed - reached,
  };
}

/** Seconds of the ghost's own riding its pace is taken over, for an estimated gap. */
export const GAP_PACE_SECONDS = 30;

/**
 * A gap in seconds when the exact one is unknown (the ghost is far behind, or reached the
 * rider's distance before the points held): the gap in metres at the ghost's pace over its last
 * GAP_PACE_SECONDS (at least 5 s, faster than 0.5 m/s; else null, as for a ghost that stopped).
 * Signed as GhostGap.seconds: positive when the ghost is ahead.
 */
export function estimatedGapSeconds(
  series: DistanceSeries,
  ghostElapsed: number,
  gapMetres: number,
): number | null {
  const at = Math.min(Math.floor(ghostElapsed), series.length - 1);
  const from = Math.max(0, at - GAP_PACE_SECONDS);
  if (at - from < 5) return null;
  const pace = (series[at]! - series[from]!) / (at - from);
  return pace > 0.5 ? gapMetres / pace : null;
}
