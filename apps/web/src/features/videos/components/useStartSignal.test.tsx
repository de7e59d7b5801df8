// @vitest-environment jsdom
import { StrictMode } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGeneralStore } from '../../../stores/general';
import {
  IDLE_CONNECTION,
  rememberTracker,
  TRACKER_MEMORY_KEY,
  useTrackerStore,
} from '../../../stores/tracker';
import { useUserStore } from '../../../stores/user';
import { useStartSignal } from './useStartSignal';

const rideAlone = vi.fn();
const showWays = vi.fn();

function Page() {
  useStartSignal({ grouped: false, rideIdle: true, rideAlone, showWays });
  return null;
}

const live = () =>
  useTrackerStore.setState({
    connection: { ...IDLE_CONNECTION, source: 'web-bluetooth', status: 'connected' },
  });
const signal = () => useGeneralStore.getState().startSignal;

beforeEach(() => {
  rideAlone.mockReset();
  showWays.mockReset();
  useGeneralStore.setState({ electronMode: true, startSignal: true });
  useUserStore.setState({ user: { ...useUserStore.getState().user, userId: '3', token: 't' } });
});

afterEach(() => {
  cleanup();
  delete window.desktopBridge;
  window.localStorage.removeItem(TRACKER_MEMORY_KEY);
  useTrackerStore.setState({ connection: IDLE_CONNECTION, pulse: null, panelOpen: false });
  useGeneralStore.setState({ startSignal: false });
});

describe('the start signal', () => {
  it('in the desktop app after a restart opens the tracker window at once, not waiting (review H1)', () => {
    const send = vi.fn();
    window.desktopBridge = { send, on: () => () => undefined, version: '2.5.0' };
    // A tracker remembered from an earlier ride, but the app's is not running: nothing connects.
    rememberTracker();
    render(<Page />);
    expect(send.mock.calls).toEqual([['open-tracker', { userId: 3 }]]);
    expect(signal()).toBe(true);
  });

  it('is dropped when Connect Device closes without a trainer; a later trainer starts nothing (review M5)', () => {
    render(<Page />);
    expect(useTrackerStore.getState().panelOpen).toBe(true);
    act(() => useTrackerStore.getState().closePanel());
    expect(signal()).toBe(false);
    act(live);
    expect(rideAlone).not.toHaveBeenCalled();
  });

  it("is dropped when the rider comes back from the app's tracker window without a trainer", () => {
    window.desktopBridge = { send: vi.fn(), on: () => () => undefined, version: '2.5.0' };
    render(<Page />);
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(signal()).toBe(true); // the window never lost the focus to it: still up
    act(() => void window.dispatchEvent(new Event('blur')));
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(signal()).toBe(false);
  });

  it('rides once a trainer connected in the drawer is live and the drawer closed', () => {
    render(<Page />);
    act(live);
    expect(rideAlone).not.toHaveBeenCalled();
    act(() => useTrackerStore.getState().closePanel());
    expect(rideAlone).toHaveBeenCalledTimes(1);
    expect(signal()).toBe(false);
  });

  it('acts once under StrictMode (review L10)', () => {
    live();
    render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    expect(rideAlone).toHaveBeenCalledTimes(1);
  });

  it('opens Connect Device once under StrictMode', () => {
    const send = vi.fn();
    window.desktopBridge = { send, on: () => () => undefined, version: '2.5.0' };
    render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    expect(send).toHaveBeenCalledTimes(1);
  });
});
