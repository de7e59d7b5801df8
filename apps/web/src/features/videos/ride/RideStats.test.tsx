// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UnitSystem } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { fixtureUser, signInAs } from '../../../test/userFixture';
import { EMPTY_RIDE_SNAPSHOT } from './rideSession';
import { RideStats } from './RideStats';

function renderFor(units: UnitSystem | null, metres: number) {
  stubMatchMedia();
  if (units) signInAs(fixtureUser(7, { units }));
  render(
    <MantineProvider>
      <RideStats snapshot={{ ...EMPTY_RIDE_SNAPSHOT, distance: metres }} />
    </MantineProvider>,
  );
  return [
    screen.getByTestId('ride-distance').textContent,
    screen.getByTestId('ride-distance-unit').textContent,
  ];
}

afterEach(() => {
  cleanup();
  useUserStore.getState().logout();
});

describe('RideStats distance', () => {
  it("is in the member's units, to 2 decimals", () => {
    expect(renderFor('imperial', 16_093.44)).toEqual(['10.00', 'mi']);
    cleanup();
    expect(renderFor('metric', 16_093.44)).toEqual(['16.09', 'km']);
    cleanup();
    expect(renderFor('metric', 0)).toEqual(['0.00', 'km']);
  });

  it('is in miles for a guest', () => {
    expect(renderFor(null, 1609.344)).toEqual(['1.00', 'mi']);
  });
});
