import { describe, expect, it } from 'vitest';
import { ROUTE_PROFILE_MAX_POINTS } from '@ridealong/contracts';
import { downsample, routeSummary, steepestGrade, type RoutePoint } from './summary.js';

/**
 * A ride at 10 m/s, one point a second: 500 m flat at 100 m, 300 m at 5 %, 200 m at 10 %,
 * 500 m down at -4 %, then flat to 1,990 m. Climb 15 + 20 = 35 m, steepest 10 %, top 135 m.
 */
function synthetic(): RoutePoint[] {
  const grades: [untilM: number, percent: number][] = [
    [500, 0],
    [800, 5],
    [1000, 10],
    [1500, -4],
    [Infinity, 0],
  ];
  const points: RoutePoint[] = [];
  let elevation = 100;
  for (let t = 0; t < 200; t++) {
    const distance = t * 10;
    points.push({ distance, elevation });
    const grade = grades.find(([until]) => distance < until)![1];
    elevation += (10 * grade) / 100;
  }
  return points;
}

describe('routeSummary', () => {
  it('gives distance, climb, steepest grade and the elevation range of a known route', () => {
    const summary = routeSummary(synthetic())!;
    expect(summary.distance_m).toBe(1990);
    expect(summary.climb_m).toBe(35);
    expect(summary.max_grade_percent).toBe(10);
    expect(summary.min_elevation_m).toBe(100);
    expect(summary.max_elevation_m).toBe(135);
    expect(summary.profile).toHaveLength(200);
    expect(summary.profile[0]).toEqual([0, 100]);
    expect(summary.profile.at(-1)).toEqual([1990, 115]);
  });

  it('counts a climb once, not every wobble the GPS left in the elevations', () => {
    // The known route with up to 0.9 m of wobble a second: summing every rise would read ~100 m.
    const wobbly = synthetic().map((p, t) => ({
      ...p,
      elevation: p.elevation + 0.9 * Math.sin(t * 1.7),
    }));
    let everyRise = 0;
    for (let i = 1; i < wobbly.length; i++)
      everyRise += Math.max(0, wobbly[i]!.elevation - wobbly[i - 1]!.elevation);
    expect(everyRise).toBeGreaterThan(70);
    const { climb_m } = routeSummary(wobbly)!;
    expect(climb_m).toBeGreaterThan(35 - 2);
    expect(climb_m).toBeLessThan(35 + 2);
    // A flat road with the same wobble climbs nothing.
    const flat = wobbly.map((p, t) => ({ ...p, elevation: 100 + 0.9 * Math.sin(t * 1.7) }));
    expect(routeSummary(flat)!.climb_m).toBe(0);
  });

  it('is null for a video without slope data (no GPS: no points)', () => {
    expect(routeSummary([])).toBeNull();
    expect(routeSummary([{ distance: 0, elevation: 12 }])).toBeNull();
  });

  it('reads a standing start (no distance) as a flat, zero-length route', () => {
    const still = Array.from({ length: 5 }, () => ({ distance: 0, elevation: 50 }));
    expect(routeSummary(still)).toMatchObject({ distance_m: 0, climb_m: 0, max_grade_percent: 0 });
  });
});

describe('steepestGrade', () => {
  it('takes the steepest 100 m, not one noisy second', () => {
    const points = synthetic();
    // On the flat, one second reads 50 % (a GPS blip of 5 m), its 100 m only 5 %: the 10 % ramp
    // stays the steepest.
    points[20] = { distance: 200, elevation: 105 };
    expect(steepestGrade(points)).toBeCloseTo(10, 5);
  });

  it('reads a route shorter than the stretch by its overall grade', () => {
    expect(
      steepestGrade([
        { distance: 0, elevation: 0 },
        { distance: 30, elevation: 1.5 },
        { distance: 60, elevation: 3 },
      ]),
    ).toBeCloseTo(5, 5);
  });

  it('counts descents as 0 (the steepest climb)', () => {
    expect(
      steepestGrade([
        { distance: 0, elevation: 100 },
        { distance: 200, elevation: 80 },
      ]),
    ).toBe(0);
  });
});

describe('downsample', () => {
  it(`keeps a six-hour ride to ${ROUTE_PROFILE_MAX_POINTS} points, first and last included`, () => {
    const points = Array.from({ length: 21_600 }, (_, t) => ({
      distance: t * 8,
      elevation: 200 + 50 * Math.sin(t / 1000),
    }));
    const profile = downsample(points, ROUTE_PROFILE_MAX_POINTS);
    expect(profile).toHaveLength(ROUTE_PROFILE_MAX_POINTS);
    expect(profile[0]).toEqual([0, 200]);
    expect(profile.at(-1)![0]).toBe(21_599 * 8);
    for (let i = 1; i < profile.length; i++) {
      expect(profile[i]![0]).toBeGreaterThan(profile[i - 1]![0]);
    }
    expect(routeSummary(points)!.profile).toHaveLength(ROUTE_PROFILE_MAX_POINTS);
  });
});
