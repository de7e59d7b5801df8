import { describe, expect, it } from 'vitest';
import { presentStats, type PeriodSums } from './stats.js';

const sums = (rides: number, seconds: number, distance: number, power: number): PeriodSums => ({
  rides,
  seconds,
  distance,
  power,
});

describe('presentStats', () => {
  it('converts to minutes (1 decimal), average watts and miles (2 decimals)', () => {
    const s = presentStats({
      week: sums(1, 605, 1609.344, 605 * 201.4),
      month: sums(2, 1205, 3218.688, 1205 * 150),
      year: sums(3, 1805, 42195, 0),
      all: sums(0, 0, 0, 0),
    });
    expect(s.processed_time).toEqual({
      weeklyTime: 10.1,
      monthlyTime: 20.1,
      yearlyTime: 30.1,
      allTime: 0,
    });
    expect(s.processed_rides).toEqual({
      weeklyRides: 1,
      monthlyRides: 2,
      yearlyRides: 3,
      allRides: 0,
    });
    expect(s.processed_power).toEqual({
      weeklyPower: 201,
      monthlyPower: 150,
      yearlyPower: 0,
      allPower: 0,
    });
    expect(s.processed_distance).toEqual({
      weeklyDistance: 1,
      monthlyDistance: 2,
      yearlyDistance: 26.22,
      allDistance: 0,
    });
  });
});
