import { describe, expect, it } from 'vitest';
import {
  distanceMeasure,
  elevationMeasure,
  formatDistance,
  formatSpeed,
  heightMeasure,
  heightToCm,
  milesToMetres,
  speedMeasure,
  unitSystemOf,
  weightMeasure,
  weightToKg,
} from './units.js';

describe('units', () => {
  it('reads anything but metric as the imperial default', () => {
    expect(unitSystemOf('metric')).toBe('metric');
    expect(unitSystemOf('imperial')).toBe('imperial');
    expect(unitSystemOf(undefined)).toBe('imperial');
    expect(unitSystemOf('furlongs')).toBe('imperial');
  });

  it('shows distances in miles by the documents factor, or kilometres', () => {
    expect(distanceMeasure(16093.44, 'imperial')).toEqual({ value: 10, unit: 'mi' });
    expect(distanceMeasure(12345, 'metric')).toEqual({ value: 12.35, unit: 'km' });
    expect(formatDistance(1000, 'imperial')).toBe('0.62 mi');
  });

  it('shows speeds, climbs, weights and heights in the chosen system', () => {
    expect(speedMeasure(32.18688, 'imperial')).toEqual({ value: 20, unit: 'mph' });
    expect(formatSpeed(30, 'metric')).toBe('30 km/h');
    expect(elevationMeasure(100, 'imperial')).toEqual({ value: 328, unit: 'ft' });
    expect(elevationMeasure(99.6, 'metric')).toEqual({ value: 100, unit: 'm' });
    expect(weightMeasure(70, 'imperial')).toEqual({ value: 154.3, unit: 'lb' });
    expect(heightMeasure(180, 'imperial')).toEqual({ value: 70.9, unit: 'in' });
  });

  it('turns typed values back into what the server stores', () => {
    expect(weightToKg(154.3, 'imperial')).toBeCloseTo(69.99, 1);
    expect(weightToKg(70, 'metric')).toBe(70);
    expect(heightToCm(70.9, 'imperial')).toBeCloseTo(180.1, 1);
  });

  it("reads the documents' miles back as metres", () => {
    expect(milesToMetres(1)).toBeCloseTo(1609.344, 3);
    expect(formatDistance(milesToMetres(100), 'metric')).toBe('160.93 km');
    expect(formatDistance(milesToMetres(100), 'imperial')).toBe('100 mi');
  });
});
