import { describe, expect, it } from 'vitest';
import { missingSeconds, rideTotals, type PointValues } from './gap-fill.js';

const point = (elapsedTime: number, over: Partial<PointValues> = {}): PointValues => ({
  elapsedTime,
  accumulatedPower: elapsedTime * 200,
  power: 200,
  heartRate: 140,
  cadence: 90,
  distance: elapsedTime * 8,
  speed: 8,
  recordedAt: new Date(1_700_000_000_000 + elapsedTime * 1000),
  ...over,
});

describe('missingSeconds', () => {
  it('adds nothing to a ride without gaps', () => {
    expect(missingSeconds([point(0), point(1), point(2)])).toEqual([]);
    expect(missingSeconds([])).toEqual([]);
    expect(missingSeconds([point(5)])).toEqual([]);
  });

  it('carries the previous point forward through each gap, moving its time on', () => {
    const before = point(3, { power: 250, accumulatedPower: 999 });
    const filled = missingSeconds([point(2), before, point(6), point(7), point(9)]);
    expect(filled.map((p) => p.elapsedTime)).toEqual([4, 5, 8]);
    expect(filled[0]).toMatchObject({ power: 250, accumulatedPower: 999, distance: 24 });
    expect(filled[1]!.recordedAt.getTime() - before.recordedAt.getTime()).toBe(2000);
    expect(filled[2]).toMatchObject({ accumulatedPower: 7 * 200, distance: 56 });
  });
});

describe('rideTotals', () => {
  it('is null when nothing was recorded', () => {
    expect(rideTotals([])).toBeNull();
  });

  it('takes distance and power from the last point and counts seconds inclusively', () => {
    const points = [point(10), point(11), point(40, { distance: 1234.5, accumulatedPower: 6000 })];
    expect(rideTotals(points)).toEqual({
      totalDistance: 1234.5,
      duration: 31,
      accumulatedPower: 6000,
      lastElapsedTime: 40,
    });
  });
});
