import { describe, expect, it, vi } from 'vitest';
import { playWhenReady, type PlayableMedia } from './playWhenReady';

/** A media element double whose events the test fires. */
function media(readyState: number) {
  const listeners = new Map<string, () => void>();
  const m = {
    readyState,
    paused: true,
    play: vi.fn(() => Promise.resolve()),
    addEventListener: (event: string, fn: () => void) => listeners.set(event, fn),
    removeEventListener: (event: string) => listeners.delete(event),
    fire: (event: string) => {
      const fn = listeners.get(event);
      listeners.delete(event);
      fn?.();
    },
  };
  return m as typeof m & PlayableMedia;
}

describe('playWhenReady', () => {
  it('plays once when the stream is ready', () => {
    const m = media(4);
    playWhenReady(m);
    m.fire('canplay');
    expect(m.play).toHaveBeenCalledTimes(1);
  });

  it('asks again when the stream can play if the early ask was dropped', () => {
    const m = media(0);
    playWhenReady(m);
    expect(m.play).toHaveBeenCalledTimes(1);
    m.fire('canplay');
    expect(m.play).toHaveBeenCalledTimes(2);
  });

  it('does not ask again when playing already, or when the viewer paused', () => {
    const playing = media(0);
    playWhenReady(playing);
    playing.paused = false;
    playing.fire('canplay');
    expect(playing.play).toHaveBeenCalledTimes(1);

    const paused = media(0);
    playWhenReady(paused);
    paused.fire('pause');
    paused.fire('canplay');
    expect(paused.play).toHaveBeenCalledTimes(1);
  });
});
