import {
  elevationMeasure,
  type ActivitySeries,
  type SummaryPoint,
  type UnitSystem,
} from '@ridealong/contracts';

/** One chart's data as uPlot takes it: [x, y] with x the ride's seconds from its start. */
export type ChartData = [number[], (number | null)[]];

/** Average, lowest and highest reading of a chart (readings only: gaps and zeros left out). */
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
 * The series thinned to each bucket's lowest and highest reading, in time order, so peaks and
 * troughs stay; a bucket with no reading stays a gap. Short series are returned as they are.
 */
export function decimate(
  x: readonly number[],
  y: readonly (number | null)[],
  buckets = CHART_BUCKETS,
): ChartData {
  if (x.length <= buckets * 2) return [[...x], [...y]];
  const size = Math.ceil(x.length / buckets);
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  for (let start = 0; start < x.length; start += size) {
    const end = Math.min(x.length, start + size);
    let lo = -1;
    let hi = -1;
    for (let i = start; i < end; i += 1) {
      const v = y[i];
      if (v === null || v === undefined) continue;
      if (lo < 0 || v < (y[lo] as number)) lo = i;
      if (hi < 0 || v > (y[hi] as number)) hi = i;
    }
    if (lo < 0) {
      xs.push(x[start]!);
      ys.push(null);
      continue;
    }
    for (const i of lo === hi ? [lo] : [Math.min(lo, hi), Math.max(lo, hi)]) {
      xs.push(x[i]!);
      ys.push(y[i]!);
    }
  }
  return [xs, ys];
}

function statsOf(ys: readonly (number | null)[]): ChartStats {
  let sum = 0;
  let n = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const y of ys) {
    if (y === null || !(y > 0)) continue;
    sum += y;
    n += 1;
    min = Math.min(min, y);
    max = Math.max(max, y);
  }
  return n > 0
    ? { average: Math.round(sum / n), min: Math.round(min), max: Math.round(max) }
    : null;
}

const chart = (x: readonly number[], y: readonly (number | null)[]): Chart => ({
  data: decimate(x, y),
  stats: statsOf(y),
});

/**
 * An activity's series as its four charts: time from the ride's first second; heart rate and
 * cadence of 0 (no monitor, coasting) are gaps rather than drops to zero; elevation in the
 * member's unit. The stats are of every second; the drawn data is thinned (decimate).
 */
export function activityCharts(series: ActivitySeries, units: UnitSystem): ActivityCharts {
  const first = series.elapsed_time[0] ?? 0;
  const x = series.elapsed_time.map((s) => s - first);
  const gapAtZero = (v: number) => (v > 0 ? v : null);
  let anyElevation = false;
  const elevation = series.elevation.map((m) => {
    if (m === null) return null;
    anyElevation = true;
    return elevationMeasure(m, units).value;
  });
  return {
    power: chart(x, series.power),
    heartRate: chart(x, series.heart_rate.map(gapAtZero)),
    cadence: chart(x, series.cadence.map(gapAtZero)),
    elevation: anyElevation ? chart(x, elevation) : null,
    elevationUnit: elevationMeasure(0, units).unit,
  };
}

/** The series as the summary's points (rideSummary), second by second. */
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
