// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryPoint } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { initialRide, type RideMachine } from './rideMachine';
import { RidePausedControls } from './RidePausedControls';
import { EMPTY_RIDE_SNAPSHOT, type RideSnapshot } from './rideSession';

const recorded: SummaryPoint[] = Array.from({ length: 60 }, (_, s) => ({
  elapsed_time: s,
  power: s === 30 ? 500 : 200,
  heart_rate: 150,
  cadence: 90,
  distance: (s + 1) * 10,
  grade: 3,
}));
const snapshot: RideSnapshot = {
  ...EMPTY_RIDE_SNAPSHOT,
  accumulatedPower: 12_300,
  elapsedSeconds: 60,
  distance: 600,
  recorded,
};
const ended: RideMachine = { ...initialRide, phase: 'paused', mode: 'race', ended: true };

function show(weight: number | null) {
  useUserStore.getState().updateUser({ weight, units: 'metric' });
  render(
    <MantineProvider>
      <ModalsProvider>
        <RidePausedControls
          machine={ended}
          snapshot={snapshot}
          onResume={vi.fn()}
          onSave={vi.fn()}
          onDiscard={vi.fn()}
        />
      </ModalsProvider>
    </MantineProvider>,
  );
}

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  useUserStore.getState().logout();
});

describe('RidePausedControls', () => {
  it('shows the summary of the ride beside Save and Discard', () => {
    show(72);
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('summary-time')).toBe('0:01:00');
    expect(text('summary-distance')).toBe('0.6 km');
    expect(text('summary-climb')).toBe('18 m');
    expect(text('summary-avg-power')).toBe('205 W');
    expect(text('summary-max-power')).toBe('500 W');
    expect(text('summary-wkg')).toBe('2.85 W/kg');
    expect(text('summary-heart-rate')).toBe('150 avg / 150 max bpm');
    expect(text('summary-cadence')).toBe('90 rpm');
    expect(screen.getByTestId('ride-save')).toBeTruthy();
    expect(screen.getByTestId('ride-discard')).toBeTruthy();
  });

  it('puts Save and Discard before the summary, which scrolls by itself on a small stage', () => {
    show(72);
    const summary = screen.getByRole('region', { name: 'Your ride' });
    // Before it in the document (and so above it): a clipped stage loses the summary's end,
    // never the buttons.
    const before = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before(screen.getByTestId('ride-save'), summary)).toBe(true);
    expect(before(screen.getByTestId('ride-discard'), summary)).toBe(true);
    expect(summary.style.overflowY).toBe('auto');
    // A scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    expect(summary.tabIndex).toBe(0);
    expect(summary.contains(screen.getByTestId('ride-summary'))).toBe(true);
  });

  it('asks for a weight when the profile has none', () => {
    show(null);
    expect(screen.getByTestId('summary-wkg').textContent).toBe('set your weight in your profile');
  });
});
