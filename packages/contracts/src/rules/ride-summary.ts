import type { ActivitySeries } from '../schemas/activity-series.js';

/**
 * The summary of a ride from its recorded seconds: what the ride screen shows beside Save and
 * Discard, and the activity page above its charts. One pure function, so both agree.
 */

/** One recorded second (the ride's points, or one row of an activity's series). */
export type SummaryPoint = {
  /** Second of video. */
  elapsed_time: number;
  /** Watts. */
  power: number;
  /** Beats a minute; 0 when no monitor sent one. */
  heart_rate: number;
  /** Revolutions a minute; 0 when coasting or no sensor. */
  cadence: number;
  /** Metres ridden since the ride began. */
  distance: number;
  /** The road's grade at this second, percent; null or absent without slope data. */
  grade?: number | null;
};

export type RideSummary = {
  /** Seconds ridden: from the first recorded second to the last, both included. */
  seconds: number;
  /** Metres. */
  distance: number;
  /** Metres climbed (grade times the distance ridden uphill); null without slope data. */
  climb: number | null;
  /** Watts, whole; every recorded second counts (a second without pedalling is 0 W). */
  averagePower: number;
  maxPower: number;
  /** Average watts per kilogram of the member's weight, 2 decimals; null without a weight. */
  wattsPerKg: number | null;
  /** Beats a minute over the seconds a monitor sent one; null when none did. */
  averageHeartRate: number | null;
  maxHeartRate: number | null;
  /** Revolutions a minute over the seconds pedalled (as FIT files count it); null when none. */
  averageCadence: number | null;
};

const positive = (n: number) => Number.isFinite(n) && n > 0;

/** The summary of `points` (in order of second); `weightKg` from the member's profile. */
export function rideSummary(
  points: readonly SummaryPoint[],
  weightKg: number | null | undefined,
): RideSummary {
  const first = points[0];
  const last = points.at(-1);
  let powerSum = 0;
  let maxPower = 0;
  let hrSum = 0;
  let hrCount = 0;
  let maxHr = 0;
  let cadenceSum = 0;
  let cadenceCount = 0;
  let climb = 0;
  let graded = false;
  let previousDistance = 0;
  for (const p of points) {
    const power = positive(p.power) ? p.power : 0;
    powerSum += power;
    maxPower = Math.max(maxPower, power);
    if (positive(p.heart_rate)) {
      hrSum += p.heart_rate;
      hrCount += 1;
      maxHr = Math.max(maxHr, p.heart_rate);
    }
    if (positive(p.cadence)) {
      cadenceSum += p.cadence;
      cadenceCount += 1;
    }
    const distance = Number.isFinite(p.distance) ? p.distance : previousDistance;
    const grade = p.grade;
    if (typeof grade === 'number' && Number.isFinite(grade)) {
      graded = true;
      // The metres ridden into this second, on this second's grade; downhill adds nothing.
      if (grade > 0) climb += (Math.max(0, distance - previousDistance) * grade) / 100;
    }
    previousDistance = distance;
  }
  const seconds = first && last ? last.elapsed_time - first.elapsed_time + 1 : 0;
  const averagePower = points.length > 0 ? Math.round(powerSum / points.length) : 0;
  return {
    seconds,
    distance: last && Number.isFinite(last.distance) ? Math.max(0, last.distance) : 0,
    climb: graded ? climb : null,
    averagePower,
    maxPower: Math.round(maxPower),
    wattsPerKg:
      weightKg && positive(weightKg) ? Math.round((averagePower / weightKg) * 100) / 100 : null,
    averageHeartRate: hrCount > 0 ? Math.round(hrSum / hrCount) : null,
    maxHeartRate: hrCount > 0 ? Math.round(maxHr) : null,
    averageCadence: cadenceCount > 0 ? Math.round(cadenceSum / cadenceCount) : null,
  };
}

/**
 * An activity's series as the summary's points, second by second: the activity page's, and a
 * resumed ride's seconds from before its reload (the ride screen's).
 */
export function seriesPoints(series: ActivitySeries): SummaryPoint[] {
  return series.elapsed_time.map((elapsed_time, i) => ({
    elapsed_time,
    power: series.power[i] ?? 0,
    heart_rate: series.heart_rate[i] ?? 0,
    cadence: series.cadence[i] ?? 0,
    distance: series.distance[i] ?? 0,
    grade: series.grade[i] ?? null,
  }));
}
