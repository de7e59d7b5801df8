import { describe, expect, it } from 'vitest';
import { ACTIVITY_SERIES_MAX_SECONDS } from '@ridealong/contracts';
import { shapeSeries, type SeriesColumns } from './series.js';

const track = {
  id: 9,
  title: 'Stelvio',
  raceUrl: 'stelvio',
  startedAt: new Date(0),
  rideMode: 'reactive' as const,
  difficulty: 80,
};
/** `n` stored seconds, each as the database has it; the road's missing where `noRoad`. */
const columns = (n: number, noRoad: (s: number) => boolean = () => false): SeriesColumns => {
  const seconds = Array.from({ length: n }, (_, s) => s);
  return {
    elapsedTime: seconds,
    power: seconds.map(() => 201.4),
    heartRate: seconds.map(() => 139.6),
    cadence: seconds.map(() => 88.5),
    distance: seconds.map((s) => s * 8.04),
    grade: seconds.map((s) => (noRoad(s) ? null : -3.14159)),
    elevation: seconds.map((s) => (noRoad(s) ? null : 1200.06)),
  };
};

describe('shapeSeries', () => {
  it('puts each value in its column, rounded to what a chart shows', () => {
    const series = shapeSeries(
      track,
      columns(2, (s) => s === 1),
    );
    expect(series).toEqual({
      track_id: 9,
      title: 'Stelvio',
      url: 'stelvio',
      timestamp: '1970-01-01T00:00:00.000Z',
      elapsed_time: [0, 1],
      power: [201, 201],
      heart_rate: [140, 140],
      cadence: [89, 89],
      distance: [0, 8],
      grade: [-3.1, null],
      elevation: [1200.1, null],
      rider_weight: null,
      ride_mode: 'reactive',
      difficulty: 80,
    });
  });

  it("carries the rider's weight, never a zero one", () => {
    expect(shapeSeries(track, columns(1), 72.5).rider_weight).toBe(72.5);
    expect(shapeSeries(track, columns(1), 0).rider_weight).toBeNull();
  });

  it('keeps at most the longest ride', () => {
    const series = shapeSeries(track, columns(ACTIVITY_SERIES_MAX_SECONDS + 5));
    expect(series.elapsed_time).toHaveLength(ACTIVITY_SERIES_MAX_SECONDS);
    for (const column of [series.power, series.distance, series.grade, series.elevation]) {
      expect(column).toHaveLength(ACTIVITY_SERIES_MAX_SECONDS);
    }
  });
});
