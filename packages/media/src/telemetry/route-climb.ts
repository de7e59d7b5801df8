/**
 * Total climb of a route from its elevations in riding order (one a second of a slope profile).
 * Summing every rise counts what is left of the GPS noise again and again, most on flat roads and
 * on climbs ridden slowly. Like GoldenCheetah and OsmAnd, rises are taken between turning points
 * that a hysteresis confirms: a climb counts once the road has risen more than the threshold
 * above its last low point, and then in full, from that low point to the top that a fall of more
 * than the threshold confirms. Unlike counting each step over the threshold, no hill loses the
 * threshold at its crest; hills lower than the threshold count nothing.
 */

/** Above what is left of 1-3 m GPS noise in a cleaned profile, below any hill a rider feels. */
export const CLIMB_HYSTERESIS_M = 2;

/** Metres climbed; linear, one pass, non-finite elevations skipped. */
export function routeClimb(
  elevations: readonly number[],
  hysteresisM: number = CLIMB_HYSTERESIS_M,
): number {
  let climb = 0;
  let low = NaN;
  let high = NaN;
  // Until the first move beyond the threshold the direction is unknown: follow both extremes.
  let rising: boolean | null = null;
  for (const e of elevations) {
    if (!Number.isFinite(e)) continue;
    if (Number.isNaN(low)) {
      low = e;
      high = e;
      continue;
    }
    if (rising === null) {
      if (e - low > hysteresisM) {
        rising = true;
        high = e;
      } else if (high - e > hysteresisM) {
        rising = false;
        low = e;
      } else {
        low = Math.min(low, e);
        high = Math.max(high, e);
      }
    } else if (rising) {
      if (e > high) high = e;
      else if (high - e > hysteresisM) {
        climb += high - low;
        rising = false;
        low = e;
      }
    } else if (e < low) low = e;
    else if (e - low > hysteresisM) {
      rising = true;
      high = e;
    }
  }
  if (rising) climb += high - low;
  return climb;
}
