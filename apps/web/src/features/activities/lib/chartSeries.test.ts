import { describe, expect, it } from 'vitest';
import { rideSummary, seriesPoints, type ActivitySeries } from '@ridealong/contracts';
import { activityCharts, chartOf, decimate, readings } from './chartSeries';

const series: ActivitySeries = {
  track_id: 4,
  title: 'Col',
  url: 'col',
  timestamp: '2026-01-01T08:00:00.000Z',
  elapsed_time: [30, 31, 32, 33],
  power: [200, 0, 250, 300],
  heart_rate: [120, 0, 130, 140],
  cadence: [90, 0, 85, 95],
  distance: [8, 16, 24, 34],
  grade: [null, 5, 5, 10],
  elevation: [null, 100, 100.4, 101],
};

describe('activityCharts', () => {
  it("counts time from the ride's first second and leaves gaps where nothing was read", () => {
    const charts = activityCharts(series, 'metric');
    expect(charts.power.data).toEqual([
      [0, 1, 2, 3],
      [200, 0, 250, 300],
    ]);
    // Every second counts, the coasting one too: 750 W over 4 s.
    expect(charts.power.stats).toEqual({ average: 188, min: 0, max: 300 });
    expect(charts.heartRate.data[1]).toEqual([120, null, 130, 140]);
    expect(charts.cadence.data[1]).toEqual([90, null, 85, 95]);
    expect(charts.elevation?.data[1]).toEqual([null, 100, 100, 101]);
    expect(charts.elevationUnit).toBe('m');
  });

  it('shows elevation in feet for imperial members, and none without slope data', () => {
    const charts = activityCharts(series, 'imperial');
    expect(charts.elevation?.data[1]).toEqual([null, 328, 329, 331]);
    expect(charts.elevationUnit).toBe('ft');
    const flat = {
      ...series,
      elevation: [null, null, null, null],
      grade: [null, null, null, null],
    };
    expect(activityCharts(flat, 'metric').elevation).toBeNull();
  });

  it('shapes a 6-hour ride quickly', () => {
    const n = 21_600;
    const long: ActivitySeries = {
      ...series,
      elapsed_time: Array.from({ length: n }, (_, i) => i),
      power: Array.from({ length: n }, () => 200),
      heart_rate: Array.from({ length: n }, () => 140),
      cadence: Array.from({ length: n }, () => 90),
      distance: Array.from({ length: n }, (_, i) => i * 8),
      grade: Array.from({ length: n }, () => 1),
      elevation: Array.from({ length: n }, (_, i) => i * 0.08),
    };
    // The quickest of three calls: a slow shaping is slow every time, a stall of the runner once.
    const timings = [0, 1, 2].map(() => {
      const started = performance.now();
      const shaped = activityCharts(long, 'imperial');
      return { ms: performance.now() - started, shaped };
    });
    expect(Math.min(...timings.map((t) => t.ms))).toBeLessThan(200);
    const charts = timings[0]!.shaped;
    expect(charts.power.data[0].length).toBeLessThanOrEqual(2400);
    expect(charts.power.stats).toEqual({ average: 200, min: 200, max: 200 });
  });
});

describe('decimate', () => {
  it("keeps each bucket's lowest and highest reading in time order, and its gaps", () => {
    const x = Array.from({ length: 12 }, (_, i) => i);
    const y = [5, 9, 1, 4, null, null, null, null, 3, 3, 8, 2];
    expect(decimate(x, y, 3)).toEqual([
      [1, 2, 4, 10, 11],
      [9, 1, null, 8, 2],
    ]);
  });

  it('leaves a short series as it is', () => {
    expect(decimate([0, 1, 2], [1, null, 3], 3)).toEqual([
      [0, 1, 2],
      [1, null, 3],
    ]);
  });

  it('keeps the peak of a 6-hour ride', () => {
    const n = 21_600;
    const y = Array.from({ length: n }, (_, i) => (i === 12_345 ? 1500 : 200));
    const [xs, ys] = decimate(
      Array.from({ length: n }, (_, i) => i),
      y,
    );
    expect(Math.max(...(ys as number[]))).toBe(1500);
    expect(xs[ys.indexOf(1500)]).toBe(12_345);
    expect(xs.length).toBeLessThanOrEqual(2400);
  });
});

/** The two-step way chartOf replaces: a copy of every second, then its extremes and stats. */
function plainChart(x: number[], y: (number | null)[], buckets: number) {
  const size = x.length <= buckets * 2 ? 1 : Math.ceil(x.length / buckets);
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  for (let from = 0; from < x.length; from += size) {
    const idx = [...Array(Math.min(size, x.length - from)).keys()].map((k) => from + k);
    const read = idx.filter((i) => y[i] !== null);
    if (read.length === 0) {
      xs.push(x[from]!);
      ys.push(null);
      continue;
    }
    const lo = read.reduce((a, i) => (y[i]! < y[a]! ? i : a));
    const hi = read.reduce((a, i) => (y[i]! > y[a]! ? i : a));
    for (const i of lo === hi ? [lo] : [Math.min(lo, hi), Math.max(lo, hi)]) {
      xs.push(x[i]!);
      ys.push(y[i]!);
    }
  }
  const read = y.filter((v): v is number => v !== null);
  const stats =
    read.length === 0
      ? null
      : {
          average: Math.round(read.reduce((a, v) => a + v, 0) / read.length),
          min: Math.round(Math.min(...read)),
          max: Math.round(Math.max(...read)),
        };
  return { data: [xs, ys], stats };
}

describe('chartOf', () => {
  it('reads each second once: time from the start, gaps, and the stats of every second read', () => {
    const chart = chartOf(
      [10, 11, 12, 13],
      readings([0, 5, null, 7], false, (v) => v * 2),
      10,
    );
    expect(chart.data).toEqual([
      [0, 1, 2, 3],
      [0, 10, null, 14],
    ]);
    expect(chart.stats).toEqual({ average: 8, min: 0, max: 14 });
  });

  it('has no stats without a reading, and zeros are gaps only where asked', () => {
    expect(chartOf([0, 1], readings([null, null])).stats).toBeNull();
    expect(chartOf([0, 1], readings([null, 0], true)).stats).toBeNull();
    expect(chartOf([0, 1], readings([null, 0])).stats).toEqual({ average: 0, min: 0, max: 0 });
    expect(chartOf([0, 1], readings([3, 0], true)).data[1]).toEqual([3, null]);
  });

  it('draws and counts what the copy-then-thin way did, on uneven rides', () => {
    // A fixed pseudo-random ride: drops, gaps and spikes in every bucket size.
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const [n, buckets] of [
      [50, 30],
      [997, 40],
      [5000, 1200],
      [21_600, 1200],
    ] as const) {
      const x = Array.from({ length: n }, (_, i) => i * 2 + 5);
      const y = x.map(() => (next() < 0.1 ? null : Math.round(next() * 400) - 20));
      const expected = plainChart(x, y, buckets);
      expect(chartOf(x, readings(y), 0, buckets)).toEqual(expected);
    }
  });
});

describe("the power chart's average", () => {
  it("is the summary's average power: a second without pedalling is 0 W", () => {
    const coasting = { ...series, elapsed_time: [0, 1], power: [0, 200] };
    const chart = activityCharts(coasting, 'metric').power;
    expect(chart.stats?.average).toBe(100);
    expect(chart.stats?.average).toBe(rideSummary(seriesPoints(coasting), null).averagePower);
  });
});

describe('seriesPoints', () => {
  it('gives the summary the same seconds, with the grade for the climb', () => {
    const summary = rideSummary(seriesPoints(series), 75);
    expect(summary).toMatchObject({ seconds: 4, distance: 34, averagePower: 188, maxPower: 300 });
    // 8 m and 8 m at 5 %, 10 m at 10 %.
    expect(summary.climb).toBeCloseTo(1.8, 6);
    expect(summary.averageHeartRate).toBe(130);
  });
});
