import { describe, expect, it } from 'vitest';
import type { RouteSummary } from '@ridealong/contracts';
import {
  canPlace,
  elevationAt,
  formatGrade,
  gradeBetween,
  gradesAt,
  LOOK_AHEAD_M,
  placeAt,
  slopeText,
} from './routePosition';

/**
 * 10 m a second: 500 m flat at 100 m (0-50 s), 300 m at 5 % (50-80 s), then 400 m at -2 %
 * (80-120 s), downsampled to a point every 10 s.
 */
function route(): RouteSummary {
  const elevation = (d: number) =>
    d <= 500 ? 100 : d <= 800 ? 100 + (d - 500) * 0.05 : 115 - (d - 800) * 0.02;
  const times = Array.from({ length: 13 }, (_, i) => i * 10);
  return {
    distance_m: 1200,
    climb_m: 15,
    max_grade_percent: 5,
    min_elevation_m: 100,
    max_elevation_m: 115,
    profile: times.map((t) => [t * 10, elevation(t * 10)]),
    profile_t: times,
  };
}

describe('placeAt', () => {
  it("puts the rider at the video time's distance and elevation, between points too", () => {
    const r = route();
    expect(placeAt(r, 0)).toEqual({ distance: 0, elevation: 100 });
    expect(placeAt(r, 65)).toEqual({ distance: 650, elevation: 107.5 });
    expect(placeAt(r, 64.5)!.distance).toBeCloseTo(645, 9);
  });

  it('holds the rider at the start before it and at the finish after it', () => {
    const r = route();
    expect(placeAt(r, -3)).toEqual({ distance: 0, elevation: 100 });
    expect(placeAt(r, 500)).toEqual({ distance: 1200, elevation: 107 });
  });

  it('places no one without times for the points or at a time that is not a number', () => {
    const { profile_t: _unused, ...old } = route();
    const withoutTimes = { ...old, profile_t: [] };
    expect(canPlace(withoutTimes)).toBe(false);
    expect(placeAt(withoutTimes, 10)).toBeNull();
    expect(placeAt(route(), Number.NaN)).toBeNull();
  });

  it('stays on the spot while the camera stood still (times go on, distance does not)', () => {
    const r: RouteSummary = {
      ...route(),
      profile: [
        [0, 100],
        [100, 101],
        [100, 101],
        [200, 102],
      ],
      profile_t: [0, 10, 40, 50],
    };
    expect(placeAt(r, 25)).toEqual({ distance: 100, elevation: 101 });
    expect(placeAt(r, 45)).toEqual({ distance: 150, elevation: 101.5 });
  });
});

describe('grades', () => {
  it('averages the grade between two distances, and gives none over a few metres', () => {
    const r = route();
    expect(elevationAt(r, 650)).toBeCloseTo(107.5, 9);
    expect(gradeBetween(r, 500, 800)).toBeCloseTo(5, 9);
    expect(gradeBetween(r, 400, 600)).toBeCloseTo(2.5, 9);
    expect(gradeBetween(r, 800, 804)).toBeNull();
  });

  it('reads the grade now around the rider and over the 200 m ahead', () => {
    const r = route();
    // Flat now, the climb starts 100 m ahead: half the look-ahead at 5 %.
    const before = gradesAt(r, 400, LOOK_AHEAD_M.metric);
    expect(before.now).toBeCloseTo(0, 9);
    expect(before.ahead).toBeCloseTo(2.5, 9);
    expect(before.aheadM).toBe(200);
    // On the climb, the descent 100 m ahead.
    const climbing = gradesAt(r, 700, LOOK_AHEAD_M.metric);
    expect(climbing.now).toBeCloseTo(5, 9);
    expect(climbing.ahead).toBeCloseTo(1.5, 9);
  });

  it('shortens the look-ahead to the finish and gives none in its last metres', () => {
    const r = route();
    const near = gradesAt(r, 1100, LOOK_AHEAD_M.metric);
    expect(near.aheadM).toBe(100);
    expect(near.ahead).toBeCloseTo(-2, 9);
    const last = gradesAt(r, 1198, LOOK_AHEAD_M.metric);
    expect(last.ahead).toBeNull();
    // "Now" keeps a full stretch at the ends, inside the route.
    expect(last.now).toBeCloseTo(-2, 9);
    expect(gradesAt(r, 0, 200).now).toBeCloseTo(0, 9);
  });
});

describe('slopeText', () => {
  it('says the grade now and ahead in the member’s units', () => {
    const r = route();
    expect(slopeText(gradesAt(r, 400, LOOK_AHEAD_M.metric), 'metric')).toBe(
      'Now 0.0 % · next 200 m 2.5 %',
    );
    expect(slopeText(gradesAt(r, 400, LOOK_AHEAD_M.imperial), 'imperial')).toBe(
      'Now 0.0 % · next 660 ft 2.5 %',
    );
    expect(slopeText(gradesAt(r, 1100, LOOK_AHEAD_M.metric), 'metric')).toBe(
      'Now -2.0 % · next 100 m -2.0 %',
    );
    expect(slopeText({ now: 3.14, ahead: null, aheadM: 0 }, 'metric')).toBe('Now 3.1 %');
    expect(slopeText({ now: null, ahead: 7.46, aheadM: 200 }, 'metric')).toBe('Next 200 m 7.5 %');
    expect(slopeText({ now: null, ahead: null, aheadM: 0 }, 'metric')).toBe('');
  });

  it('never writes a negative zero', () => {
    expect(formatGrade(-0.04)).toBe('0.0 %');
    expect(formatGrade(-0.06)).toBe('-0.1 %');
  });
});
