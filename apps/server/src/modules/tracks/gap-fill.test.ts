import { describe, expect, it } from 'vitest';
import { boundedTotals, rideTotals } from './gap-fill.js';
import { RIDE_BOUNDS } from './ride-bounds.js';

describe('rideTotals', () => {
  it('takes distance and power from the last point and counts seconds inclusively', () => {
    const edges = {
      first: { elapsedTime: 10 },
      last: { elapsedTime: 40, distance: 1234.5, accumulatedPower: 6000 },
    };
    expect(rideTotals(edges)).toEqual({
      totalDistance: 1234.5,
      duration: 31,
      accumulatedPower: 6000,
      lastElapsedTime: 40,
    });
  });
});

describe('boundedTotals', () => {
  const totals = {
    totalDistance: 880,
    duration: 110,
    accumulatedPower: 22_000,
    lastElapsedTime: 109,
  };

  it('leaves a plausible ride as it is', () => {
    expect(boundedTotals(totals, 3600)).toEqual(totals);
  });

  it('caps the seconds at the wall clock, the distance at top speed and the power at top watts', () => {
    const wild = {
      totalDistance: 1e7,
      duration: 86_400,
      accumulatedPower: 1e9,
      lastElapsedTime: 86_399,
    };
    expect(boundedTotals(wild, 600)).toEqual({
      totalDistance: RIDE_BOUNDS.maxSpeedMps * 600,
      duration: 600,
      accumulatedPower: RIDE_BOUNDS.maxPowerWatts * 600,
      lastElapsedTime: 86_399,
    });
  });
});
