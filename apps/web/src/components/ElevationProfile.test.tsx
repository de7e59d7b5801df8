// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSummary } from '@ridealong/contracts';
import { stubMatchMedia } from '../test/stubMatchMedia';
import { ElevationProfile, profilePaths, profileScale } from './ElevationProfile';

const route: RouteSummary = {
  distance_m: 1609.344,
  climb_m: 30.48,
  max_grade_percent: 6.5,
  min_elevation_m: 100,
  max_elevation_m: 130.48,
  profile: [
    [0, 100],
    [800, 130.48],
    [1609.344, 110],
  ],
  profile_t: [0, 100, 200],
};

beforeAll(() => stubMatchMedia());
afterEach(cleanup);

describe('profilePaths', () => {
  it('spans the box: start bottom-left, the top at the top, the end at the right edge', () => {
    const { line, area } = profilePaths(route.profile);
    expect(line).toBe('M0.0 132.0 L298.3 8.0 L600.0 91.3');
    expect(area).toBe(`${line} L600 140 L0 140 Z`);
  });

  it('draws nothing from fewer than two points', () => {
    expect(profilePaths([[0, 10]])).toEqual({ line: '', area: '' });
  });
});

describe('profileScale', () => {
  it('places a distance and an elevation as fractions of the box, as the line is drawn', () => {
    const scale = profileScale(route.profile);
    expect(scale.x(0)).toBe(0);
    expect(scale.x(1609.344)).toBe(1);
    expect(scale.x(804.672)).toBeCloseTo(0.5, 6);
    // Held inside the box before the start and past the end.
    expect(scale.x(-10)).toBe(0);
    expect(scale.x(2000)).toBe(1);
    // The lowest elevation sits on the bottom padding (132 of 140), the highest on the top's.
    expect(scale.y(100) * 140).toBeCloseTo(132, 6);
    expect(scale.y(130.48) * 140).toBeCloseTo(8, 6);
  });
});

describe('ElevationProfile', () => {
  it("summarises the route for assistive tech in the member's units", () => {
    const { rerender } = render(
      <MantineProvider>
        <ElevationProfile route={route} units="imperial" />
      </MantineProvider>,
    );
    expect(
      screen.getByRole('img', {
        name: 'Elevation profile over 1 mi: from 328 ft to 428 ft, 100 ft of climbing, steepest 6.5 %',
      }),
    ).toBeTruthy();
    rerender(
      <MantineProvider>
        <ElevationProfile route={route} units="metric" />
      </MantineProvider>,
    );
    expect(
      screen.getByRole('img', {
        name: 'Elevation profile over 1.61 km: from 100 m to 130 m, 30 m of climbing, steepest 6.5 %',
      }),
    ).toBeTruthy();
  });
});
