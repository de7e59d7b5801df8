import { gpxSlopeProfile } from '@ridealong/media';
import { describe, expect, it } from 'vitest';
import { elevationAt, elevationExpression, gradeAt, routeGpx, type SampleRoute } from './route.js';

const route: SampleRoute = {
  speedMps: 8,
  baseElevationM: 200,
  hills: [
    [20, 1500, 0],
    [6, 430, 1.3],
  ],
  start: { lat: 45.9, lon: 6.1 },
  headingDeg: 60,
};

describe('sample route', () => {
  it('has a grade that is the derivative of its elevation', () => {
    for (const d of [0, 123, 777, 1400]) {
      const numeric = ((elevationAt(route, d + 0.5) - elevationAt(route, d - 0.5)) / 1) * 100;
      expect(gradeAt(route, d)).toBeCloseTo(numeric, 2);
    }
  });

  it('writes an ffmpeg expression of the panorama column', () => {
    expect(elevationExpression(route, 64)).toBe(
      '(20*sin(2*PI*(X/64*8)/1500+0)+6*sin(2*PI*(X/64*8)/430+1.3))',
    );
  });

  it('gives a GPX whose slope profile follows the true grade', () => {
    const gpx = routeGpx(route, 90, new Date('2026-06-01T08:00:00Z'));
    const profile = gpxSlopeProfile(gpx, { durationS: 90 });
    expect(profile).toHaveLength(90);
    const errors = profile.slice(10, 80).map((p) => p.slopePercent - gradeAt(route, p.distanceM));
    const rms = Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length);
    expect(rms).toBeLessThan(1);
    expect(profile.at(-1)!.distanceM).toBeGreaterThan(89 * 8 * 0.97);
  });
});
