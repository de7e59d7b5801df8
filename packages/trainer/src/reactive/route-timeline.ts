/**
 * A video's route as a function of video time (issue 26): the filmed distance and the road's
 * grade at every whole second, from the video's per-second slope profile (GET /race/{id}/timeline,
 * `{ distance, slope }`). A reactive ride places the rider by distance and the video by time;
 * this is the map between the two.
 */

/** One value per whole video second; null, undefined or NaN marks a second without a reading. */
export type SecondSeries = ArrayLike<number | null | undefined>;

/** The per-second slope profile, shaped as the timeline endpoint's body. */
export interface TimelineProfile {
  /** Filmed distance in metres at second s (cumulative; noise may make it step back). */
  distance: SecondSeries;
  /** Road grade in percent at second s. */
  slope: SecondSeries;
}

function isNum(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * Copies `values` into a Float64Array, filling missing seconds linearly between the readings
 * around them (held flat before the first and after the last). Returns null without a reading.
 */
function fillGaps(values: SecondSeries, n: number): Float64Array | null {
  const out = new Float64Array(n);
  let prev = -1;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (!isNum(v)) continue;
    out[i] = v;
    if (prev === -1) out.fill(v, 0, i);
    else if (i - prev > 1) {
      const a = out[prev]!;
      for (let k = prev + 1; k < i; k++) out[k] = a + ((v - a) * (k - prev)) / (i - prev);
    }
    prev = i;
  }
  if (prev === -1) return null;
  out.fill(out[prev]!, prev + 1);
  return out;
}

/**
 * Readings below an earlier one are GPS noise (the filmer does not ride backwards): they are
 * dropped and refilled like missing seconds, so the route gets no spurious stop at each wobble.
 * Clamping to the running maximum instead would put a flat second there, and a rider passing
 * it would make the video jump a second ahead each time.
 */
function dropBackwardReadings(values: SecondSeries, n: number): Array<number | null> {
  const kept: Array<number | null> = new Array<number | null>(n).fill(null);
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (!isNum(v) || v < max) continue;
    kept[i] = v;
    max = v;
  }
  return kept;
}

export class RouteTimeline {
  /** Seconds of video the profile covers: the last second's index. */
  readonly duration: number;
  /** Metres from the first second to the last. */
  readonly totalDistance: number;
  private readonly dist: Float64Array;
  private readonly grade: Float64Array;
  /** Index of the last second, n - 1. */
  private readonly last: number;

  /**
   * Throws a RangeError for fewer than 2 seconds or a profile without one distance reading.
   * Distances are shifted so the first second is at 0 m (the rider starts at the video's start)
   * and made non-decreasing; a profile without grades is flat.
   */
  constructor(profile: TimelineProfile) {
    const n = Math.max(profile.distance.length, profile.slope.length);
    if (n < 2) throw new RangeError('a route timeline needs at least 2 seconds');
    const dist = fillGaps(dropBackwardReadings(profile.distance, n), n);
    if (!dist) throw new RangeError('a route timeline needs at least one distance reading');
    const origin = dist[0]!;
    for (let i = 0; i < n; i++) dist[i] = dist[i]! - origin;
    this.dist = dist;
    this.grade = fillGaps(profile.slope, n) ?? new Float64Array(n);
    this.last = n - 1;
    this.duration = n - 1;
    this.totalDistance = dist[n - 1]!;
  }

  /** Filmed distance at a video time (s), linear between seconds, clamped to the route. */
  distanceAt(videoTime: number): number {
    if (!(videoTime > 0)) return 0;
    if (videoTime >= this.last) return this.totalDistance;
    const i = Math.floor(videoTime);
    const a = this.dist[i]!;
    return a + (this.dist[i + 1]! - a) * (videoTime - i);
  }

  /**
   * The video time at which the filmer reached `distance` (binary search, O(log n)), clamped to
   * [0, duration]. Where the filmer stood still (distance flat over [t1, t2]) the flat distance
   * maps to t1 and any distance past it to after t2: a rider passing the filmer's stop skips it,
   * since a rider who keeps moving should not watch a stationary road.
   */
  timeAt(distance: number): number {
    const d = this.dist;
    if (!(distance > 0)) return 0;
    if (distance >= this.totalDistance) return this.firstAtLeast(this.totalDistance);
    const i = this.firstAtLeast(distance);
    const b = d[i]!;
    if (b === distance) return i;
    // d[i - 1] < distance < d[i]: the segment rises, so the division is safe.
    const a = d[i - 1]!;
    return i - 1 + (distance - a) / (b - a);
  }

  /**
   * The filmer's speed (m/s) at a video time: the distance gained over the second containing it,
   * [floor(t), floor(t) + 1] (the last second's for t at the end). Never negative; 0 where the
   * filmer stood still. This is the derivative of distanceAt, so a video played at rider speed /
   * filmed speed keeps the rider's distance exactly.
   */
  filmedSpeedAt(videoTime: number): number {
    const i = videoTime > 0 ? Math.min(Math.floor(videoTime), this.last - 1) : 0;
    return this.dist[i + 1]! - this.dist[i]!;
  }

  /** The road's grade (%) at a video time, linear between seconds, clamped to the route. */
  gradeAtTime(videoTime: number): number {
    const g = this.grade;
    if (!(videoTime > 0)) return g[0]!;
    if (videoTime >= this.last) return g[this.last]!;
    const i = Math.floor(videoTime);
    const a = g[i]!;
    return a + (g[i + 1]! - a) * (videoTime - i);
  }

  /** The road's grade (%) where the filmer was at `distance`: the grade at timeAt(distance). */
  gradeAtDistance(distance: number): number {
    return this.gradeAtTime(this.timeAt(distance));
  }

  /** Smallest second whose distance is >= `distance`; `distance` must be <= totalDistance. */
  private firstAtLeast(distance: number): number {
    const d = this.dist;
    let lo = 0;
    let hi = this.last;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (d[mid]! < distance) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
