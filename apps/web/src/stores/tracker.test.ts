// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Pulse } from '@ridealong/contracts';
import {
  forgetTracker,
  hasLiveDevice,
  IDLE_CONNECTION,
  reconnectsOnLoad,
  rememberTracker,
  trackerRemembered,
  trainerSettling,
  useTrackerStore,
} from './tracker';

const pulse = (state: 'connected' | 'available' | 'reconnecting'): Pulse => ({
  alive: true,
  version: '0.1.0',
  uptime_s: 1,
  adapters: [],
  devices: [
    {
      id: 'sim',
      name: 'RideAlong Simulator',
      transport: 'simulator',
      kinds: ['trainer'],
      state,
      remembered: true,
      controllable: true,
      reconnectAttempts: 0,
    },
  ],
  settings: { difficulty: 100, downhill: 50 },
  applied_grade: null,
});

describe('hasLiveDevice', () => {
  const connected = {
    ...IDLE_CONNECTION,
    source: 'tracker' as const,
    status: 'connected' as const,
  };

  it('needs a connected tracker with a connected device', () => {
    expect(hasLiveDevice({ connection: connected, pulse: pulse('connected') })).toBe(true);
    expect(hasLiveDevice({ connection: connected, pulse: pulse('available') })).toBe(false);
    expect(hasLiveDevice({ connection: connected, pulse: null })).toBe(false);
    expect(
      hasLiveDevice({
        connection: { ...connected, status: 'retrying' },
        pulse: pulse('connected'),
      }),
    ).toBe(false);
  });

  it('counts a Bluetooth connection in the page', () => {
    const bluetooth = { ...connected, source: 'web-bluetooth' as const };
    expect(hasLiveDevice({ connection: bluetooth, pulse: null })).toBe(true);
  });
});

describe('useTrackerStore', () => {
  it('opens and closes the panel, and merges connection changes', () => {
    const s = useTrackerStore.getState();
    s.openPanel();
    expect(useTrackerStore.getState().panelOpen).toBe(true);
    s.closePanel();
    expect(useTrackerStore.getState().panelOpen).toBe(false);
    s.setConnection({ status: 'retrying', attempt: 2 });
    expect(useTrackerStore.getState().connection).toMatchObject({
      status: 'retrying',
      attempt: 2,
      maxAttempts: 5,
    });
  });
});

describe('trainerSettling', () => {
  const at = (status: (typeof IDLE_CONNECTION)['status'], p: Pulse | null = null) => ({
    connection: { ...IDLE_CONNECTION, source: 'tracker' as const, status },
    pulse: p,
  });

  it('is true while the tracker connection is under way', () => {
    expect(trainerSettling(at('connecting'), false)).toBe(true);
    expect(trainerSettling(at('retrying'), false)).toBe(true);
  });

  it('is true while connected before the first pulse or with a device reconnecting', () => {
    expect(trainerSettling(at('connected'), false)).toBe(true);
    expect(trainerSettling(at('connected', pulse('reconnecting')), false)).toBe(true);
    expect(trainerSettling(at('connected', pulse('available')), false)).toBe(false);
  });

  it('is true before a connection only when a reconnect to a remembered tracker is due', () => {
    expect(trainerSettling(at('idle'), true)).toBe(true);
    expect(trainerSettling(at('idle'), false)).toBe(false);
  });

  it('is false once the tracker is not running or refused, and for Web Bluetooth', () => {
    expect(trainerSettling(at('not_running'), true)).toBe(false);
    expect(trainerSettling(at('refused'), true)).toBe(false);
    const bluetooth = {
      connection: {
        ...IDLE_CONNECTION,
        source: 'web-bluetooth' as const,
        status: 'connecting' as const,
      },
      pulse: null,
    };
    expect(trainerSettling(bluetooth, true)).toBe(false);
  });
});

describe('reconnectsOnLoad', () => {
  const web = { appBridge: false };
  it('reconnects in desktop mode to a tracker a trainer went live through, never in a plain browser', () => {
    expect(reconnectsOnLoad({ ...web, electronMode: true, remembered: true })).toBe(true);
    expect(reconnectsOnLoad({ ...web, electronMode: true, remembered: false })).toBe(false);
    expect(reconnectsOnLoad({ ...web, electronMode: false, remembered: true })).toBe(false);
  });

  it("never in the desktop app with its own tracker: it starts only when the app's does", () => {
    const inApp = { electronMode: true, remembered: true, appBridge: true };
    expect(reconnectsOnLoad(inApp)).toBe(false);
    // After an app restart nothing connects: Start must not wait for it (review H1).
    const idle = { connection: IDLE_CONNECTION, pulse: null };
    expect(trainerSettling(idle, reconnectsOnLoad(inApp))).toBe(false);
  });
});

describe('forgetTracker', () => {
  it('forgets a remembered tracker, so the next load does not look for it', () => {
    rememberTracker();
    expect(trackerRemembered()).toBe(true);
    forgetTracker();
    expect(trackerRemembered()).toBe(false);
  });
});
