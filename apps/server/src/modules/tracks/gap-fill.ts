import { RIDE_BOUNDS } from './ride-bounds.js';

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

/** The end points of a ride: all its totals need (the gaps are filled in SQL, see lifecycle). */
export type RideEdges = {
  first: Pick<PointValues, 'elapsedTime'>;
  last: Pick<PointValues, 'elapsedTime' | 'distance' | 'accumulatedPower'>;
};

export type RideTotals = {
  /** Metres: the last point's distance. */
  totalDistance: number;
  /** Seconds ridden: one per second from the first point to the last, both included. */
  duration: number;
  /** Watt-seconds: the last point's running sum. */
  accumulatedPower: number;
  lastElapsedTime: number;
};

/** A ride's totals from its first and last points. */
export function rideTotals({ first, last }: RideEdges): RideTotals {
  return {
    totalDistance: last.distance,
    duration: last.elapsedTime - first.elapsedTime + 1,
    accumulatedPower: last.accumulatedPower,
    lastElapsedTime: last.elapsedTime,
  };
}

/**
 * Totals as the stats may count them: no faster than the top speed over the time since the
 * ride was opened (`wallSeconds`), no more power than the top power each second. Pushes are
 * refused beyond these already; this also holds for rides recorded before the rules.
 */
export function boundedTotals(totals: RideTotals, wallSeconds: number): RideTotals {
  const duration = Math.max(1, Math.min(totals.duration, wallSeconds));
  return {
    ...totals,
    duration,
    totalDistance: Math.min(totals.totalDistance, RIDE_BOUNDS.maxSpeedMps * wallSeconds),
    accumulatedPower: Math.min(totals.accumulatedPower, RIDE_BOUNDS.maxPowerWatts * duration),
  };
}
