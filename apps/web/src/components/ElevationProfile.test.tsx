// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSummary } from '@ridealong/contracts';
import { stubMatchMedia } from '../test/stubMatchMedia';
import { ElevationProfile, profilePaths } from './ElevationProfile';

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
