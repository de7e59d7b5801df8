// @vitest-environment jsdom
import { Profiler } from 'react';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../../test/stubMatchMedia';
import { kilometreRoute } from '../../../../test/routeFixture';
import { ghostRide } from './ghostFixtures';
import { GhostRouteProgress, MARKER_MS } from './GhostRouteProgress';
import type { GhostPlace } from './ghostWindows';
import type { GhostPositions } from './useGhosts';

const route = kilometreRoute;

const at = (distance: number): GhostPlace => ({
  distance,
  gapMetres: 0,
  gapSeconds: 0,
  gapEstimated: false,
  power: 200,
});

beforeEach(() => {
  stubMatchMedia();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('GhostRouteProgress', () => {
  it('places the rider and each ghost by distance, a few times a second, without rendering', async () => {
    let now: GhostPositions = { rider: 0, ghosts: new Map([[1, at(100)]]) };
    const positions = vi.fn(() => now);
    let renders = 0;
    const { container } = render(
      <MantineProvider>
        <main>
          <Profiler id="route" onRender={() => (renders += 1)}>
            <GhostRouteProgress
              route={route}
              units="metric"
              ghosts={[ghostRide(1, { display_name: 'Ada' }), ghostRide(2, { display_name: 'Bo' })]}
              positions={positions}
            />
          </Profiler>
        </main>
      </MantineProvider>,
    );
    const you = screen.getByRole('img', { name: 'You' });
    const ada = screen.getByRole('img', { name: 'Ghost: Ada' });
    const bo = screen.getByLabelText('Ghost: Bo');
    expect(you.title).toBe('You');
    expect(parseFloat(you.style.left)).toBe(0);
    expect(parseFloat(ada.style.left)).toBe(10);
    // No points for Bo yet: not shown.
    expect(bo.style.display).toBe('none');
    expect(screen.getByTestId('slope-ahead').textContent).toBe('Now 0.0 % · next 200 m 0.0 %');

    now = {
      rider: 450,
      ghosts: new Map([
        [1, at(800)],
        [2, at(300)],
      ]),
    };
    act(() => void vi.advanceTimersByTime(MARKER_MS));
    expect(parseFloat(you.style.left)).toBe(45);
    expect(you.dataset.distanceM).toBe('450.0');
    expect(parseFloat(ada.style.left)).toBe(80);
    expect(bo.style.display).toBe('block');
    expect(parseFloat(bo.style.left)).toBe(30);
    // Up the profile with the climb: Ada at 112 m is higher than the flat.
    expect(parseFloat(ada.style.top)).toBeLessThan(parseFloat(bo.style.top));
    // The grade ahead follows the rider's distance.
    expect(screen.getByTestId('slope-ahead').textContent).toBe('Now 0.0 % · next 200 m 3.0 %');

    // Same words for the slope: moving the markers renders nothing (React may render once
    // more just after a change before it bails out, so the count starts a tick later).
    now = {
      rider: 451,
      ghosts: new Map([
        [1, at(810)],
        [2, at(310)],
      ]),
    };
    act(() => void vi.advanceTimersByTime(MARKER_MS));
    const before = renders;
    act(() => void vi.advanceTimersByTime(MARKER_MS * 4));
    expect(parseFloat(you.style.left)).toBe(45.1);
    expect(parseFloat(ada.style.left)).toBe(81);
    expect(renders).toBe(before);
    expect(positions.mock.calls.length).toBeGreaterThanOrEqual(7);

    vi.useRealTimers();
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
