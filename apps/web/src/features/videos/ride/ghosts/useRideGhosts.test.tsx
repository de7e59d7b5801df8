// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../../../test/fakeApi';
import { fixtureRace } from '../../../../test/raceFixture';
import { stubMatchMedia } from '../../../../test/stubMatchMedia';
import { fixtureUser, signInAs } from '../../../../test/userFixture';
import { useUserStore } from '../../../../stores/user';
import { EMPTY_RIDE_SNAPSHOT, type RideSnapshot } from '../rideSnapshot';
import { ghostsAnswer, pointsWindow } from './ghostFixtures';
import { useGhosts, type GhostsInput } from './useGhosts';
import { useRideGhosts } from './useRideGhosts';

const speeds: Record<number, { speed: number; power: number }> = {
  1: { speed: 8, power: 280 },
  2: { speed: 6, power: 210 },
  4: { speed: 5, power: 180 },
  5: { speed: 4, power: 150 },
  6: { speed: 3, power: 100 },
};

/** The API: the candidates, and windows of steady ghosts for the tracks asked for. */
function api() {
  return fakeApi((call: ApiCall) => {
    if (call.path === '/race/3/ghosts') return { json: ghostsAnswer };
    if (call.path === '/race/3/ghosts/points') {
      const tracks = (call.url.searchParams.get('tracks') ?? '').split(',').map(Number);
      const from = Number(call.url.searchParams.get('from'));
      return {
        json: pointsWindow(from, Object.fromEntries(tracks.map((t) => [t, speeds[t]!]))),
      };
    }
    return { status: 404, json: { status: 'failure', message: 'no' } };
  });
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const pointsAsked = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.path.endsWith('/points'))
    .map((c) => `${c.url.searchParams.get('tracks')}@${c.url.searchParams.get('from')}`);

beforeEach(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useUserStore.getState().logout();
});

describe('useGhosts', () => {
  const base: GhostsInput = {
    raceId: 3,
    enabled: true,
    riding: false,
    elapsed: 0,
    riderDistance: 0,
  };

  it("reads nothing until asked, then rides with the app's choice, each window once", async () => {
    const { calls } = api();
    const { result, rerender } = renderHook((p: GhostsInput) => useGhosts(p), {
      wrapper,
      initialProps: base,
    });
    await act(async () => undefined);
    expect(calls).toHaveLength(0);

    rerender({ ...base, riding: true });
    await waitFor(() => expect(result.current.riding.map((g) => g.track_id)).toEqual([5, 1, 4, 6]));
    await waitFor(() => expect(pointsAsked(calls)).toEqual(['5,1,4,6@0', '5,1,4,6@120']));

    rerender({ ...base, riding: true, elapsed: 60, riderDistance: 300 });
    const places = result.current.placeAt(60, 300);
    expect(places.get(1)).toMatchObject({ distance: 480, gapMetres: 180 });
    expect(places.get(1)?.gapSeconds).toBeCloseTo(60 - 300 / 8);
    expect(result.current.positions().rider).toBe(300);
    expect(result.current.positions().ghosts.get(6)?.distance).toBe(180);

    rerender({ ...base, riding: true, elapsed: 130, riderDistance: 700 });
    rerender({ ...base, riding: true, elapsed: 200, riderDistance: 900 });
    await waitFor(() => expect(pointsAsked(calls)).toHaveLength(3));
    expect(pointsAsked(calls)[2]).toBe('5,1,4,6@240');
    expect(calls.filter((c) => c.path.endsWith('/ghosts'))).toHaveLength(1);
  });

  it("rides with the rider's pick, fixed at Start", async () => {
    const { calls } = api();
    const { result, rerender } = renderHook((p: GhostsInput) => useGhosts(p), {
      wrapper,
      initialProps: base,
    });
    act(() => result.current.setPickerOpen(true));
    await waitFor(() => expect(result.current.candidates).toBeDefined());
    act(() => result.current.setPick([2]));
    rerender({ ...base, riding: true });
    await waitFor(() => expect(pointsAsked(calls)).toEqual(['2@0', '2@120']));
    act(() => result.current.setPick([1]));
    expect(result.current.riding.map((g) => g.track_id)).toEqual([2]);
  });
});

function View({
  mode,
  active,
  snapshot,
}: {
  mode?: 'steady' | 'reactive';
  active: boolean;
  snapshot: RideSnapshot;
}) {
  const view = useRideGhosts({
    race: fixtureRace(3),
    ride: { mode, active, snapshot },
    solo: true,
  });
  return (
    <>
      {view.picker}
      {view.board}
      <span data-testid="route">{view.route ? 'by distance' : 'by video time'}</span>
    </>
  );
}

describe('useRideGhosts', () => {
  it('leaves a steady ride as it was', () => {
    api();
    signInAs(fixtureUser(1, { weight: 70 }));
    render(<View mode="steady" active snapshot={EMPTY_RIDE_SNAPSHOT} />, { wrapper });
    expect(screen.queryByRole('region', { name: 'Ghosts' })).toBeNull();
    expect(screen.getByTestId('route').textContent).toBe('by video time');
    render(<View active snapshot={EMPTY_RIDE_SNAPSHOT} />, { wrapper });
    expect(screen.queryByRole('region', { name: 'Ghosts' })).toBeNull();
  });

  it('offers the picker before a reactive ride and the ghost board in it', async () => {
    api();
    signInAs(fixtureUser(1, { weight: 70, units: 'metric' }));
    const { rerender } = render(
      <View mode="reactive" active={false} snapshot={EMPTY_RIDE_SNAPSHOT} />,
      { wrapper },
    );
    expect(screen.getByRole('button', { name: 'Ghosts' })).toBeTruthy();
    const snapshot: RideSnapshot = { ...EMPTY_RIDE_SNAPSHOT, elapsedSeconds: 60, distance: 250 };
    rerender(<View mode="reactive" active snapshot={snapshot} />);
    expect(screen.queryByRole('button', { name: 'Ghosts' })).toBeNull();
    expect(screen.getByTestId('route').textContent).toBe('by distance');
    const board = await screen.findByRole('region', { name: 'Ghosts' });
    await waitFor(() =>
      expect(board.querySelectorAll('tr[data-testid="ghost-row"]')).toHaveLength(5),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('ghost-row')[0]?.textContent).toContain('Ada'),
    );
    const names = screen.getAllByTestId('ghost-row').map((r) => r.firstChild?.textContent);
    expect(names).toEqual(['Ada', 'Di', 'You', 'Me Before', 'Ed']);
    // Ada reached the rider's 250 m at 31.25 s and is 230 m up the road.
    expect(screen.getAllByTestId('ghost-gap')[0]?.textContent).toBe('+29 s · +230 m');
    expect(screen.getAllByTestId('ghost-wkg')[0]?.textContent).toBe('4.0 W/kg');
  });
});
