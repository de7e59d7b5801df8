import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopEvents } from '@ridealong/contracts';
import { IDLE_CONNECTION, useTrackerStore } from '../../../stores/tracker';
import { applyDesktopInfo, followDesktopInfo, useDesktopInfoStore } from './appTracker';
import { ensureTracker, startTracker } from './trackerClient';
import { setAppTrackerUrl, trackerUrl } from './trackerUrl';

vi.mock('./trackerClient', () => ({ ensureTracker: vi.fn(), startTracker: vi.fn() }));

type Info = DesktopEvents['desktop-info'];
const info = (fields: Partial<Info> = {}): Info => ({
  version: '2.5.0',
  platform: 'darwin',
  simulator: false,
  trackerUrl: 'http://127.0.0.1:47123',
  trackerRunning: true,
  trackerError: null,
  ...fields,
});

beforeEach(() => {
  vi.mocked(ensureTracker).mockClear();
  vi.mocked(startTracker).mockClear();
});
afterEach(() => {
  useDesktopInfoStore.setState({ info: null });
  useTrackerStore.setState({ connection: IDLE_CONNECTION });
  setAppTrackerUrl(null);
});

describe("following the desktop app's tracker", () => {
  it('waits while the tracker has not started, then connects to its address', () => {
    applyDesktopInfo(info({ trackerRunning: false }));
    expect(ensureTracker).not.toHaveBeenCalled();
    expect(trackerUrl(null)).toBe('http://127.0.0.1:47123');
    applyDesktopInfo(info());
    expect(ensureTracker).toHaveBeenCalledTimes(1);
    expect(useDesktopInfoStore.getState().info?.trackerRunning).toBe(true);
  });

  it('also tries the address when another tracker holds the port', () => {
    applyDesktopInfo(info({ trackerRunning: false, trackerError: 'Another program…' }));
    expect(ensureTracker).toHaveBeenCalledTimes(1);
  });

  it('moves an open connection when the address changes', () => {
    applyDesktopInfo(info());
    useTrackerStore.setState({
      connection: { ...IDLE_CONNECTION, source: 'tracker', status: 'connected' },
    });
    applyDesktopInfo(info({ trackerUrl: 'http://127.0.0.1:47124' }));
    expect(startTracker).toHaveBeenCalledTimes(1);
    expect(trackerUrl(null)).toBe('http://127.0.0.1:47124');
  });

  it('listens for desktop-info, asks for it once, and stops listening', () => {
    const send = vi.fn();
    const listeners: ((payload: Info) => void)[] = [];
    const off = vi.fn();
    const bridge = {
      send,
      on: (_channel: string, listener: (payload: Info) => void) => {
        listeners.push(listener);
        return off;
      },
    };
    const stop = followDesktopInfo(bridge as never);
    expect(followDesktopInfo(bridge as never)).toBe(stop);
    expect(send.mock.calls).toEqual([['get-desktop-info', {}]]);
    listeners[0]?.(info({ simulator: true }));
    expect(useDesktopInfoStore.getState().info?.simulator).toBe(true);
    stop();
    expect(off).toHaveBeenCalled();
  });
});
