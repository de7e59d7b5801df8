import { elevationMeasure, type ActivitySeries, type UnitSystem } from '@ridealong/contracts';

/** One chart's data as uPlot takes it: [x, y] with x the ride's seconds from its start. */
export type ChartData = [number[], (number | null)[]];

/**
 * Average, lowest and highest of a chart's seconds, gaps left out. A power of 0 counts (spec:
 * power is accumulated power over elapsed seconds), so the average is the summary's average
 * power; heart rate's and cadence's zeros are gaps (readings with gapAtZero), so theirs are not.
 */
export type ChartStats = { average: number; min: number; max: number } | null;

export type Chart = { data: ChartData; stats: ChartStats };

export type ActivityCharts = {
  power: Chart;
  heartRate: Chart;
  cadence: Chart;
  /** null when the video has no slope data anywhere on the ride. */
  elevation: Chart | null;
  /** The elevation's unit (ft or m). */
  elevationUnit: string;
};

/**
 * Buckets a chart keeps at most: a chart is about 1,100 pixels wide, so a 6-hour ride (21,600
 * seconds) has some 20 seconds to a pixel. Drawing them all costs 4 to 7 times as long on a
 * cold page as drawing each bucket's lowest and highest reading, which looks the same.
 */
export const CHART_BUCKETS = 1200;

/**
 * A column as its chart reads it: one typed array, NaN where the chart has a gap (nothing
 * read, or `gapAtZero` and 0), each value through `unit` (elevation in the member's unit).
 */
export function readings(
  y: readonly (number | null)[],
  gapAtZero = false,
  unit?: (v: number) => number,
): Float64Array {
  const out = new Float64Array(y.length);
  for (let i = 0; i < y.length; i += 1) {
    const v = y[i];
    out[i] = v === null || v === undefined || (gapAtZero && !(v > 0)) ? NaN : unit ? unit(v) : v;
  }
  return out;
}

/**
 * One chart in a single pass over its readings (NaN: a gap): time counted from `start`, the
 * stats of every second read (ChartStats) and the drawn points thinned to each bucket's
 * lowest and highest reading, in time order, so peaks and troughs stay; a bucket with no
 * reading stays a gap. Short series keep every second.
 */
export function chartOf(
  x: readonly number[],
  y: Float64Array,
  start = 0,
  buckets = CHART_BUCKETS,
): Chart {
  const n = x.length;
  const size = n <= buckets * 2 ? 1 : Math.ceil(n / buckets);
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  let sum = 0;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let from = 0; from < n; from += size) {
    const to = Math.min(n, from + size);
    let lo = -1;
    let hi = -1;
    for (let i = from; i < to; i += 1) {
      const v = y[i]!;
      if (v !== v) continue;
      sum += v;
      count += 1;
      if (v < min) min = v;
      if (v > max) max = v;
      if (lo < 0 || v < y[lo]!) lo = i;
      if (hi < 0 || v > y[hi]!) hi = i;
    }
    if (lo < 0) {
      xs.push(x[from]! - start);
      ys.push(null);
    } else if (lo === hi) {
      xs.push(x[lo]! - start);
      ys.push(y[lo]!);
    } else {
      const a = Math.min(lo, hi);
      const b = Math.max(lo, hi);
      xs.push(x[a]! - start, x[b]! - start);
      ys.push(y[a]!, y[b]!);
    }
  }
  const stats =
    count > 0
      ? { average: Math.round(sum / count), min: Math.round(min), max: Math.round(max) }
      : null;
  return { data: [xs, ys], stats };
}

/** The series thinned as its chart draws it (chartOf), without counting time anew. */
export function decimate(
  x: readonly number[],
  y: readonly (number | null)[],
  buckets = CHART_BUCKETS,
): ChartData {
  return chartOf(x, readings(y), 0, buckets).data;
}

/** Each chart made when it is asked for: a page draws the first before making the others. */
export type ChartMakers = {
  [K in 'power' | 'heartRate' | 'cadence']: () => Chart;
} & {
  /** null when the video has no slope data anywhere on the ride. */
  elevation: (() => Chart) | null;
  /** The elevation's unit (ft or m). */
  elevationUnit: string;
};

/**
 * An activity's series as its four charts, each made on demand: time from the ride's first
 * second; heart rate and cadence of 0 (no monitor, coasting) are gaps rather than drops to
 * zero; elevation in the member's unit. The stats are of every second; the drawn data is
 * thinned (chartOf). A chart reads its column once into a typed array and thins it in one
 * pass, with no copies of arrays of numbers and nulls.
 */
export function chartMakers(series: ActivitySeries, units: UnitSystem): ChartMakers {
  const x = series.elapsed_time;
  const first = x[0] ?? 0;
  const elevation = (m: number) => elevationMeasure(m, units).value;
  return {
    power: () => chartOf(x, readings(series.power), first),
    heartRate: () => chartOf(x, readings(series.heart_rate, true), first),
    cadence: () => chartOf(x, readings(series.cadence, true), first),
    elevation: series.elevation.some((m) => m !== null)
      ? () => chartOf(x, readings(series.elevation, false, elevation), first)
      : null,
    elevationUnit: elevationMeasure(0, units).unit,
  };
}

/** Every chart of an activity at once (chartMakers). */
export function activityCharts(series: ActivitySeries, units: UnitSystem): ActivityCharts {
  const make = chartMakers(series, units);
  return {
    power: make.power(),
    heartRate: make.heartRate(),
    cadence: make.cadence(),
    elevation: make.elevation?.() ?? null,
    elevationUnit: make.elevationUnit,
  };
}
