// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGeneralStore } from '../../../stores/general';
import {
  IDLE_CONNECTION,
  rememberTracker,
  TRACKER_MEMORY_KEY,
  useTrackerStore,
} from '../../../stores/tracker';
import { useUserStore } from '../../../stores/user';
import { useStartButtons } from './useStartButtons';

const rideAlone = vi.fn();
const hostGroup = vi.fn();

const router = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const buttons = (creating = false) =>
  renderHook(
    (props: { creating: boolean }) => useStartButtons({ rideAlone, hostGroup, ...props }),
    {
      wrapper: router,
      initialProps: { creating },
    },
  );

const live = () =>
  useTrackerStore.setState({
    connection: { ...IDLE_CONNECTION, source: 'web-bluetooth', status: 'connected' },
  });
const connecting = () =>
  useTrackerStore.setState({
    connection: { ...IDLE_CONNECTION, source: 'tracker', status: 'connecting' },
  });

beforeEach(() => {
  rideAlone.mockReset();
  hostGroup.mockReset();
  useGeneralStore.setState({ electronMode: true, startSignal: false });
  useUserStore.setState({ user: { ...useUserStore.getState().user, userId: '3', token: 't' } });
});

afterEach(() => {
  cleanup();
  delete window.desktopBridge;
  window.localStorage.removeItem(TRACKER_MEMORY_KEY);
  useTrackerStore.setState({ connection: IDLE_CONNECTION, pulse: null, panelOpen: false });
});

describe("the overlay's Start", () => {
  it('in the desktop app after a restart opens the tracker window on the first press (review H1)', () => {
    const send = vi.fn();
    window.desktopBridge = { send, on: () => () => undefined, version: '2.5.0' };
    rememberTracker();
    const { result } = buttons();
    act(() => result.current.start());
    expect(result.current.waiting).toBe(false);
    expect(send.mock.calls).toEqual([['open-tracker', { userId: 3 }]]);
  });

  it('does nothing while Ride with friends is creating its event (review M2)', () => {
    live();
    const { result } = buttons(true);
    act(() => result.current.start());
    act(() => result.current.rideWithFriends());
    expect(rideAlone).not.toHaveBeenCalled();
    expect(hostGroup).not.toHaveBeenCalled();
  });

  it('rides with a live trainer', () => {
    live();
    const { result } = buttons();
    act(() => result.current.start());
    expect(rideAlone).toHaveBeenCalledTimes(1);
  });

  it('holds Ride with friends while Start waits, and rides nothing once the page is left (review M1)', async () => {
    connecting();
    const { result, unmount } = buttons();
    act(() => result.current.start());
    expect(result.current.waiting).toBe(true);
    act(() => result.current.rideWithFriends());
    unmount();
    await act(async () => live());
    expect(rideAlone).not.toHaveBeenCalled();
    expect(hostGroup).not.toHaveBeenCalled();
  });

  it('closes the ways to ride once a trainer is live (review L5)', () => {
    useGeneralStore.setState({ electronMode: false });
    const { result } = buttons();
    act(() => result.current.start());
    expect(result.current.waysOpen).toBe(true);
    act(live);
    expect(result.current.waysOpen).toBe(false);
  });
});
