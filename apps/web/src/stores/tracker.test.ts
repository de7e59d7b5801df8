import { describe, expect, it } from 'vitest';
import type { Pulse } from '@ridealong/contracts';
import { hasLiveDevice, IDLE_CONNECTION, useTrackerStore } from './tracker';

const pulse = (state: 'connected' | 'available'): Pulse => ({
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
