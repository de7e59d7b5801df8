// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTrackerStore } from '../stores/tracker';
import { getAppTrackerBridge, openConnectDevice } from './connectDevice';

afterEach(() => {
  delete window.desktopBridge;
  useTrackerStore.getState().closePanel();
});

describe('openConnectDevice', () => {
  it("in the desktop app 2.5.0 opens the app's tracker window, not the drawer", () => {
    const send = vi.fn();
    window.desktopBridge = { send, on: () => () => undefined, version: '2.5.0' };
    expect(getAppTrackerBridge()).toBe(window.desktopBridge);
    openConnectDevice(7);
    openConnectDevice(0);
    expect(send.mock.calls).toEqual([
      ['open-tracker', { userId: 7 }],
      ['open-tracker', { userId: null }],
    ]);
    expect(useTrackerStore.getState().panelOpen).toBe(false);
  });

  it('in an older desktop app tells it and opens the drawer, as before', () => {
    const send = vi.fn();
    window.desktopBridge = { send, on: () => () => undefined };
    expect(getAppTrackerBridge()).toBeNull();
    openConnectDevice(7);
    expect(send.mock.calls).toEqual([['open-tracker', { userId: 7 }]]);
    expect(useTrackerStore.getState().panelOpen).toBe(true);
  });

  it('in a browser opens the drawer', () => {
    openConnectDevice(7);
    expect(getAppTrackerBridge()).toBeNull();
    expect(useTrackerStore.getState().panelOpen).toBe(true);
  });
});
