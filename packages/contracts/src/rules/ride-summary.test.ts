import { describe, expect, it } from 'vitest';
import { rideSummary, type SummaryPoint } from './ride-summary.js';

const second = (s: number, p: Partial<SummaryPoint> = {}): SummaryPoint => ({
  elapsed_time: s,
  power: 200,
  heart_rate: 140,
  cadence: 90,
  distance: (s + 1) * 10,
  ...p,
});

describe('rideSummary', () => {
  it('sums a steady ride: time, distance, power, W/kg, heart rate and cadence', () => {
    const points = Array.from({ length: 60 }, (_, s) => second(s));
    expect(rideSummary(points, 80)).toEqual({
      seconds: 60,
      distance: 600,
      climb: null,
      averagePower: 200,
      maxPower: 200,
      wattsPerKg: 2.5,
      averageHeartRate: 140,
      maxHeartRate: 140,
      averageCadence: 90,
    });
  });

  it('has no W/kg without a weight, and no heart rate or cadence when none was sent', () => {
    const points = [0, 1, 2].map((s) => second(s, { heart_rate: 0, cadence: 0 }));
    const summary = rideSummary(points, null);
    expect(summary.wattsPerKg).toBeNull();
    expect(summary.averageHeartRate).toBeNull();
    expect(summary.maxHeartRate).toBeNull();
    expect(summary.averageCadence).toBeNull();
    expect(rideSummary(points, 0).wattsPerKg).toBeNull();
  });

  it('counts unpedalled seconds in the average power, not in heart rate or cadence', () => {
    const points = [
      second(0, { power: 300, heart_rate: 150, cadence: 100 }),
      second(1, { power: 0, heart_rate: 0, cadence: 0 }),
      second(2, { power: 150, heart_rate: 170, cadence: 80 }),
    ];
    const summary = rideSummary(points, 75);
    expect(summary.averagePower).toBe(150);
    expect(summary.maxPower).toBe(300);
    expect(summary.wattsPerKg).toBe(2);
    expect(summary.averageHeartRate).toBe(160);
    expect(summary.maxHeartRate).toBe(170);
    expect(summary.averageCadence).toBe(90);
  });

  it('climbs the grade over the distance ridden uphill; downhill and flat add nothing', () => {
    const points = [
      second(0, { distance: 10, grade: 5 }),
      second(1, { distance: 20, grade: 5 }),
      second(2, { distance: 30, grade: -8 }),
      second(3, { distance: 40, grade: 0 }),
      second(4, { distance: 60, grade: 10 }),
    ];
    // 10 m and 10 m at 5 %, then 20 m at 10 %.
    expect(rideSummary(points, null).climb).toBeCloseTo(3, 6);
  });

  it('spans the seconds from the first to the last recorded, gaps included', () => {
    const summary = rideSummary([second(5), second(9)], null);
    expect(summary.seconds).toBe(5);
    expect(summary.distance).toBe(100);
  });

  it('is all zeros for a ride with nothing recorded', () => {
    const summary = rideSummary([], 70);
    expect(summary).toMatchObject({ seconds: 0, distance: 0, averagePower: 0, maxPower: 0 });
    expect(summary.wattsPerKg).toBe(0);
  });

  it('ignores readings that are not numbers', () => {
    const summary = rideSummary([second(0, { power: Number.NaN, heart_rate: -1 })], null);
    expect(summary.averagePower).toBe(0);
    expect(summary.averageHeartRate).toBeNull();
  });
});
