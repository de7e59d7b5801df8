import { describe, expect, it } from 'vitest';
import type { RideSummary } from '@ridealong/contracts';
import { summaryFigures } from './summaryFigures';

const full: RideSummary = {
  seconds: 3725,
  distance: 32_186.88,
  climb: 152.4,
  averagePower: 210,
  maxPower: 612,
  wattsPerKg: 2.8,
  averageHeartRate: 142,
  maxHeartRate: 171,
  averageCadence: 88,
};

const values = (s: RideSummary, units: 'metric' | 'imperial') =>
  Object.fromEntries(summaryFigures(s, units).map((f) => [f.label, f.value]));

describe('summaryFigures', () => {
  it("formats every figure in the member's units", () => {
    expect(values(full, 'imperial')).toEqual({
      Time: '1:02:05',
      Distance: '20 mi',
      Climb: '500 ft',
      'Avg. power': '210 W',
      'Max power': '612 W',
      'W/kg': '2.80 W/kg',
      'Heart rate': '142 avg / 171 max bpm',
      'Avg. cadence': '88 rpm',
    });
    expect(values(full, 'metric')).toMatchObject({ Distance: '32.19 km', Climb: '152 m' });
  });

  it('says why a figure is missing', () => {
    const bare = {
      ...full,
      climb: null,
      wattsPerKg: null,
      averageHeartRate: null,
      maxHeartRate: null,
      averageCadence: null,
    };
    expect(values(bare, 'metric')).toMatchObject({
      Climb: 'no slope data',
      'W/kg': 'set your weight in your profile',
      'Heart rate': 'no heart rate',
      'Avg. cadence': 'no cadence',
    });
  });
});
