import { describe, expect, it } from 'vitest';
import { rideSummary, type ActivitySeries } from '@ridealong/contracts';
import { activityCharts, decimate, seriesPoints } from './chartSeries';

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
    expect(charts.power.stats).toEqual({ average: 250, min: 200, max: 300 });
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
    const started = performance.now();
    const charts = activityCharts(long, 'imperial');
    expect(performance.now() - started).toBeLessThan(200);
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

describe('seriesPoints', () => {
  it('gives the summary the same seconds, with the grade for the climb', () => {
    const summary = rideSummary(seriesPoints(series), 75);
    expect(summary).toMatchObject({ seconds: 4, distance: 34, averagePower: 188, maxPower: 300 });
    // 8 m and 8 m at 5 %, 10 m at 10 %.
    expect(summary.climb).toBeCloseTo(1.8, 6);
    expect(summary.averageHeartRate).toBe(130);
  });
});
