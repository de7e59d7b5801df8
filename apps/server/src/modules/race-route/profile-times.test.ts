import { describe, expect, it } from 'vitest';
import { ROUTE_PROFILE_MAX_POINTS } from '@ridealong/contracts';
import { profileTimes, sampleIndices } from './profile-times.js';
import { routeSummary } from './summary.js';

describe('sampleIndices', () => {
  it('keeps every index of a short profile and the first and last of a long one', () => {
    expect(sampleIndices(0, 400)).toEqual([]);
    expect(sampleIndices(1, 400)).toEqual([0]);
    expect(sampleIndices(5, 400)).toEqual([0, 1, 2, 3, 4]);
    const long = sampleIndices(21_600, ROUTE_PROFILE_MAX_POINTS);
    expect(long).toHaveLength(ROUTE_PROFILE_MAX_POINTS);
    expect(long[0]).toBe(0);
    expect(long.at(-1)).toBe(21_599);
  });
});

describe('profileTimes', () => {
  it("gives each profile point's video second: its own t, else its index", () => {
    const points = [10, 11, 12].map((t) => ({ distance: t, elevation: 0, t }));
    expect(profileTimes(points, 400)).toEqual([10, 11, 12]);
    expect(
      profileTimes(
        [
          { distance: 0, elevation: 0 },
          { distance: 5, elevation: 1 },
        ],
        400,
      ),
    ).toEqual([0, 1]);
  });

  it('stays point for point with the profile of a six-hour ride (at most 400 points)', () => {
    const points = Array.from({ length: 21_600 }, (_, t) => ({ distance: t * 8, elevation: 100 }));
    const summary = routeSummary(points)!;
    expect(summary.profile_t).toHaveLength(ROUTE_PROFILE_MAX_POINTS);
    expect(summary.profile_t).toHaveLength(summary.profile.length);
    // One point a second at 8 m/s: each point's time is its distance / 8.
    summary.profile.forEach(([d], i) => expect(summary.profile_t[i]).toBe(d / 8));
  });
});
