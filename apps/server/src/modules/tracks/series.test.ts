import { describe, expect, it } from 'vitest';
import { ACTIVITY_SERIES_MAX_SECONDS } from '@ridealong/contracts';
import { shapeSeries, type SeriesRow } from './series.js';

const track = { id: 9, title: 'Stelvio', raceUrl: 'stelvio', startedAt: new Date(0) };
const row = (s: number, p: Partial<SeriesRow> = {}): SeriesRow => ({
  elapsedTime: s,
  power: 201.4,
  heartRate: 139.6,
  cadence: 88.5,
  distance: s * 8.04,
  grade: 3.14159,
  elevation: 1200.06,
  ...p,
});

describe('shapeSeries', () => {
  it('puts each value in its column, rounded to what a chart shows', () => {
    const series = shapeSeries(track, [row(0), row(1, { grade: null, elevation: null })]);
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
      grade: [3.1, null],
      elevation: [1200.1, null],
    });
  });

  it('keeps at most the longest ride', () => {
    const rows = Array.from({ length: ACTIVITY_SERIES_MAX_SECONDS + 5 }, (_, s) => row(s));
    const series = shapeSeries(track, rows);
    expect(series.elapsed_time).toHaveLength(ACTIVITY_SERIES_MAX_SECONDS);
    expect(series.elevation).toHaveLength(ACTIVITY_SERIES_MAX_SECONDS);
  });
});
