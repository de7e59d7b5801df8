// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLayerPlayback, type PlayableLayer } from './useLayerPlayback';

/** A media element whose state the test sets (jsdom plays nothing). */
function fakeMedia<T extends HTMLMediaElement>(element: T) {
  const s = { paused: true, time: 0, seeking: false, readyState: 4, duration: Number.NaN };
  const define = (name: string, get: () => unknown, set?: (v: never) => void) =>
    Object.defineProperty(element, name, { configurable: true, get, set });
  define('paused', () => s.paused);
  define('seeking', () => s.seeking);
  define('readyState', () => s.readyState);
  define('duration', () => s.duration);
  define('ended', () => false);
  define(
    'currentTime',
    () => s.time,
    (v: number) => (s.time = v),
  );
  const play = vi.fn(() => {
    s.paused = false;
    return Promise.resolve();
  });
  const pause = vi.fn(() => {
    s.paused = true;
  });
  Object.assign(element, { play, pause });
  const fire = (type: string) => element.dispatchEvent(new Event(type));
  return { element, s, play, pause, fire };
}

const LAYER: PlayableLayer = {
  id: 7,
  url: 'https://example.test/voice.m4a',
  start_index: 10,
  end_index: 18,
  duration: 8,
};

function setUp(layers: PlayableLayer[] = [LAYER]) {
  const video = fakeMedia(document.createElement('video'));
  const audio = fakeMedia(document.createElement('audio'));
  const onError = vi.fn();
  const hook = renderHook(
    ({ list }) =>
      useLayerPlayback({ current: video.element }, { current: audio.element }, list, onError),
    { initialProps: { list: layers } },
  );
  const playAt = (t: number) => {
    video.s.time = t;
    video.s.paused = false;
    video.fire('timeupdate');
  };
  return { video, audio, hook, playAt, onError };
}

describe('useLayerPlayback', () => {
  it('starts the layer in its range at the video offset, and pauses it with the video', () => {
    const { video, audio, playAt } = setUp();
    playAt(9);
    expect(audio.play).not.toHaveBeenCalled();
    // A few seconds before, its audio is fetched ahead.
    expect(audio.element.getAttribute('src')).toBe(LAYER.url);

    playAt(13);
    expect(audio.play).toHaveBeenCalledTimes(1);
    expect(audio.element.dataset.layerId).toBe('7');
    expect(audio.s.time).toBe(3);

    video.s.paused = true;
    video.fire('pause');
    expect(audio.s.paused).toBe(true);
  });

  it('puts drifting audio back in step and stops it at the end inset', () => {
    const { audio, playAt } = setUp();
    playAt(12);
    audio.s.time = 4; // 2 s ahead of the road
    playAt(12.1);
    expect(audio.s.time).toBeCloseTo(2.1, 6);
    playAt(17.8);
    expect(audio.s.paused).toBe(true);
  });

  it('follows the viewer’s mute and volume', () => {
    const { video, audio, playAt } = setUp();
    video.element.muted = true;
    video.element.volume = 0.4;
    video.fire('volumechange');
    expect(audio.element.muted).toBe(true);
    expect(audio.element.volume).toBeCloseTo(0.4, 6);
    playAt(12);
    expect(audio.element.muted).toBe(true);
  });

  it('stops when the layer is taken away (muted or deleted by its owner)', () => {
    const { audio, hook, playAt } = setUp();
    playAt(12);
    expect(audio.s.paused).toBe(false);
    hook.rerender({ list: [{ ...LAYER, id: 8, start_index: 30, end_index: 38 }] });
    expect(audio.s.paused).toBe(true);
  });

  it('does not try a failed URL again until the layers come with another', () => {
    const { audio, hook, playAt, onError } = setUp();
    playAt(12);
    Object.defineProperty(audio.element, 'error', { configurable: true, get: () => ({ code: 4 }) });
    audio.s.paused = true;
    audio.fire('error');
    expect(onError).toHaveBeenCalledTimes(1);
    playAt(12.3);
    expect(audio.play).toHaveBeenCalledTimes(1);
    hook.rerender({ list: [{ ...LAYER, url: 'https://example.test/renewed.m4a' }] });
    playAt(12.6);
    expect(audio.play).toHaveBeenCalledTimes(2);
    expect(audio.element.getAttribute('src')).toBe('https://example.test/renewed.m4a');
  });
});
