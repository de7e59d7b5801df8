import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge, DesktopEvents } from '@ridealong/contracts';
import {
  appReceivesStrava,
  DESKTOP_CALLBACK_UNAVAILABLE,
  openDesktopCallback,
  stravaReturnSearch,
} from './desktopStravaCallback';

/** A bridge whose app answers 'strava-callback-open' as told. */
function fakeBridge(answer: string | null, version: string | null = '2.5.0') {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const sent: string[] = [];
  const bridge: DesktopBridge = {
    ...(version === null ? {} : { version }),
    send(channel) {
      sent.push(channel);
      if (channel === 'strava-callback-open' && answer !== null) {
        const payload: DesktopEvents['strava-callback-ready'] = { redirect_uri: answer };
        for (const l of listeners.get('strava-callback-ready') ?? []) l(payload);
      }
    },
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      const l = listener as (p: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
  };
  return { bridge, sent, listening: () => listeners.get('strava-callback-ready')?.size ?? 0 };
}

afterEach(() => vi.useRealTimers());

describe('openDesktopCallback', () => {
  it("resolves with the app's loopback address, even when it answers at once", async () => {
    const b = fakeBridge('http://127.0.0.1:5123/strava/callback');
    await expect(openDesktopCallback(b.bridge)).resolves.toBe(
      'http://127.0.0.1:5123/strava/callback',
    );
    expect(b.sent).toEqual(['strava-callback-open']);
    expect(b.listening()).toBe(0);
  });

  it('fails with a clear message when the app does not answer', async () => {
    vi.useFakeTimers();
    const b = fakeBridge(null);
    const opened = openDesktopCallback(b.bridge, 1000);
    vi.advanceTimersByTime(1000);
    await expect(opened).rejects.toThrow(DESKTOP_CALLBACK_UNAVAILABLE);
    expect(b.listening()).toBe(0);
  });
});

describe('appReceivesStrava', () => {
  it('is true for apps that say their version (2.5.0 and later), false for v1 apps', () => {
    expect(appReceivesStrava(fakeBridge(null, '2.5.0').bridge)).toBe(true);
    expect(appReceivesStrava(fakeBridge(null, null).bridge)).toBe(false);
  });
});

describe('stravaReturnSearch', () => {
  it('carries state, code and scope to /portal-redirect/strava, escaped', () => {
    const search = stravaReturnSearch({ code: 'a&b', state: 's=1', scope: 'read,activity:write' });
    const q = new URLSearchParams(search);
    expect([q.get('state'), q.get('code'), q.get('scope')]).toEqual([
      's=1',
      'a&b',
      'read,activity:write',
    ]);
  });
});
