import { describe, expect, it } from 'vitest';
import { controlEntries, controlWindow, MAX_CONTROL_WINDOW_SECONDS } from './controls.js';
import { pointRows } from './points.js';

describe('control window', () => {
  it('covers whole seconds and is capped', () => {
    expect(controlWindow(5, 15)).toEqual({ from: 5, to: 15 });
    expect(controlWindow(4.6, 14.2)).toEqual({ from: 4, to: 15 });
    expect(controlWindow(10, 3)).toEqual({ from: 10, to: 10 });
    expect(controlWindow(0, 10_000)).toEqual({ from: 0, to: MAX_CONTROL_WINDOW_SECONDS });
  });

  it('makes control entries with the time in milliseconds', () => {
    expect(controlEntries([{ second: 7, slope: -2.5 }])).toEqual([
      {
        elapsed_time: 7,
        slope: -2.5,
        road_feel_type: 'none',
        road_feel_intensity: 0,
        timestamp: 7000,
      },
    ]);
  });
});

describe('pointRows', () => {
  it('sorts a batch and keeps the first point sent for a second', () => {
    const p = (elapsed_time: number, power: number) => ({
      elapsed_time,
      power,
      accumulated_power: 0,
      heart_rate: 0,
      cadence: 0,
      distance: 0,
      speed: 0,
      timestamp: 1000,
    });
    const rows = pointRows(3, [p(2, 100), p(1, 50), p(2, 999)], 5000);
    expect(rows.map((r) => [r.elapsedTime, r.power, r.trackId, r.raceId])).toEqual([
      [1, 50, 3, null],
      [2, 100, 3, null],
    ]);
    expect(rows[0]?.recordedAt).toEqual(new Date(1000));
  });

  it('takes points without a time (document 001’s sample) as recorded a second apart', () => {
    const bare = (elapsed_time: number) => ({
      elapsed_time,
      power: 150,
      accumulated_power: 150 * (elapsed_time + 1),
      heart_rate: 0,
      cadence: 0,
      distance: 0,
      speed: 0,
    });
    const rows = pointRows(3, [bare(12), bare(10), { ...bare(11), timestamp: 42 }], 60_000);
    expect(rows.map((r) => [r.elapsedTime, r.recordedAt.getTime()])).toEqual([
      [10, 58_000],
      [11, 42],
      [12, 60_000],
    ]);
  });
});
