/** The values of one stored second of a ride (a track point without its track). */
export type PointValues = {
  elapsedTime: number;
  accumulatedPower: number;
  power: number;
  heartRate: number;
  cadence: number;
  distance: number;
  speed: number;
  recordedAt: Date;
};

/**
 * The rows that make a ride one row per second from its first to its last point: each missing
 * second carries the previous point forward (its recorded time moved on by the gap). The
 * history leaderboard then finds every ride at any second by exact equality.
 * `points` must be sorted by elapsedTime without duplicates.
 */
export function missingSeconds(points: readonly PointValues[]): PointValues[] {
  const out: PointValues[] = [];
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1]!;
    const next = points[i]!;
    for (let s = prev.elapsedTime + 1; s < next.elapsedTime; s++) {
      const gap = s - prev.elapsedTime;
      out.push({
        ...prev,
        elapsedTime: s,
        recordedAt: new Date(prev.recordedAt.getTime() + gap * 1000),
      });
    }
  }
  return out;
}

export type RideTotals = {
  /** Metres: the last point's distance. */
  totalDistance: number;
  /** Seconds ridden: one per second from the first point to the last, both included. */
  duration: number;
  /** Watt-seconds: the last point's running sum. */
  accumulatedPower: number;
  lastElapsedTime: number;
};

/** A ride's totals from its sorted points, or null when nothing was recorded. */
export function rideTotals(points: readonly PointValues[]): RideTotals | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  return {
    totalDistance: last.distance,
    duration: last.elapsedTime - first.elapsedTime + 1,
    accumulatedPower: last.accumulatedPower,
    lastElapsedTime: last.elapsedTime,
  };
}
