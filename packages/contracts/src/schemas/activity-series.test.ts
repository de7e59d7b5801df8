import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_SERIES_MAX_SECONDS,
  activitySeriesSchema,
  readActivitySeries,
} from './activity-series.js';

const valid = {
  track_id: 4,
  title: 'Col',
  url: 'col',
  timestamp: '2026-01-01T08:00:00.000Z',
  elapsed_time: [0, 1],
  power: [200, 0],
  heart_rate: [120, 0],
  cadence: [90, 0],
  distance: [8, 16.5],
  grade: [null, 5],
  elevation: [100.4, null],
};

const long = Array.from({ length: ACTIVITY_SERIES_MAX_SECONDS + 1 }, () => 1);

/** Answers that are not the contract, each one field off. */
const invalid: Array<[string, unknown]> = [
  ['not an object', 'series'],
  ['null', null],
  ['a text id', { ...valid, track_id: '4' }],
  ['an infinite id', { ...valid, track_id: Infinity }],
  ['no title', { ...valid, title: undefined }],
  ['a numeric url', { ...valid, url: 3 }],
  ['no timestamp', { ...valid, timestamp: undefined }],
  ['a missing column', { ...valid, cadence: undefined }],
  ['a column that is no array', { ...valid, power: { 0: 200 } }],
  ['a null power', { ...valid, power: [null, 0] }],
  ['a text reading', { ...valid, heart_rate: [120, '0'] }],
  ['NaN', { ...valid, distance: [8, NaN] }],
  ['an infinite reading', { ...valid, elapsed_time: [0, -Infinity] }],
  ['a text grade', { ...valid, grade: ['5', null] }],
  ['a missing elevation', { ...valid, elevation: undefined }],
  ['more seconds than the longest ride', { ...valid, power: long }],
  ['a nullable column too long', { ...valid, grade: long }],
  ['a text weight', { ...valid, rider_weight: '72' }],
  ['a zero weight', { ...valid, rider_weight: 0 }],
  ['an infinite weight', { ...valid, rider_weight: Infinity }],
  ['an unknown mode', { ...valid, ride_mode: 'turbo' }],
  ['a text difficulty', { ...valid, difficulty: '80' }],
  ['an infinite difficulty', { ...valid, difficulty: Infinity }],
];

describe('readActivitySeries', () => {
  it('takes what the contract schema takes, as it is', () => {
    expect(activitySeriesSchema.safeParse(valid).success).toBe(true);
    expect(readActivitySeries(valid)).toBe(valid);
    const longest = { ...valid, power: long.slice(1) };
    expect(readActivitySeries(longest)).toBe(longest);
    // The rider's weight: optional, a weight or null.
    for (const rider_weight of [72.5, null]) {
      const weighed = { ...valid, rider_weight };
      expect(activitySeriesSchema.safeParse(weighed).success).toBe(true);
      expect(readActivitySeries(weighed)).toBe(weighed);
    }
    // The ride's mode and difficulty: optional (older servers lack them).
    const marked = { ...valid, ride_mode: 'reactive', difficulty: 80 };
    expect(activitySeriesSchema.safeParse(marked).success).toBe(true);
    expect(readActivitySeries(marked)).toBe(marked);
  });

  it.each(invalid)('refuses %s, as the contract schema does', (_, answer) => {
    expect(activitySeriesSchema.safeParse(answer).success).toBe(false);
    expect(readActivitySeries(answer)).toBeNull();
  });
});
