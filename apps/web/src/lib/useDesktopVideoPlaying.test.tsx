// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopBridge } from '@ridealong/contracts';
import { useGeneralStore } from '../stores/general';
import { useDesktopVideoPlaying } from './useDesktopVideoPlaying';

function fakeBridge(versioned = true) {
  const sent: unknown[] = [];
  window.desktopBridge = {
    send: (channel: string, payload: unknown) => void sent.push([channel, payload]),
    on: () => () => undefined,
    ...(versioned ? { version: '2.5.0' } : {}),
  } as unknown as DesktopBridge;
  return sent;
}

const playing = (on: boolean) => ['video-playing', { playing: on }];

beforeEach(() => useGeneralStore.setState({ electronMode: true }));
afterEach(() => {
  cleanup();
  delete window.desktopBridge;
  useGeneralStore.setState({ electronMode: false });
});

describe('useDesktopVideoPlaying', () => {
  it('says when the video plays and when it stops', () => {
    const sent = fakeBridge();
    const { rerender } = renderHook(({ on }) => useDesktopVideoPlaying(on), {
      initialProps: { on: false },
    });
    expect(sent).toEqual([]);
    rerender({ on: true });
    rerender({ on: false });
    expect(sent).toEqual([playing(true), playing(false)]);
  });

  it('says it stopped when the player goes away mid-play', () => {
    const sent = fakeBridge();
    const { unmount } = renderHook(() => useDesktopVideoPlaying(true));
    unmount();
    expect(sent).toEqual([playing(true), playing(false)]);
  });

  it('says it stopped when the page is left mid-play (a reload)', () => {
    const sent = fakeBridge();
    renderHook(() => useDesktopVideoPlaying(true));
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([playing(true), playing(false)]);
  });

  it('sends nothing in the browser or to an app older than 2.5.0', () => {
    useGeneralStore.setState({ electronMode: false });
    const web = fakeBridge();
    renderHook(() => useDesktopVideoPlaying(true)).unmount();
    expect(web).toEqual([]);
    useGeneralStore.setState({ electronMode: true });
    const old = fakeBridge(false);
    renderHook(() => useDesktopVideoPlaying(true)).unmount();
    expect(old).toEqual([]);
  });
});
