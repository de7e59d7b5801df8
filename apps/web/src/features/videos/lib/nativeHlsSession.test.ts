import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Playback } from '@ridealong/contracts';
import { startNativeHlsSession, type NativeVideo } from './nativeHlsSession';

const HOST = 'https://ride.example';
const playback = (token: string, over: Partial<Playback> = {}): Playback => ({
  mode: 'preview',
  quality: 'sd',
  hls_url: `${HOST}/media/${token}/master.m3u8`,
  dash_url: `${HOST}/media/${token}/manifest.mpd`,
  poster_url: `${HOST}/media/${token}/poster.jpg`,
  max_seconds: 600,
  expires_at: '2030-01-01T06:00:00.000Z',
  ...over,
});

/** A video element double: the test sets its state and fires its events. */
function fakeVideo() {
  const listeners = new Map<string, Set<() => void>>();
  const v = {
    src: '',
    srcSets: [] as string[],
    currentTime: 0,
    paused: true,
    readyState: 0,
    error: null as { code: number } | null,
    play: vi.fn(() => Promise.resolve()),
    load: vi.fn(),
    addEventListener: (event: string, fn: () => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(fn);
      listeners.set(event, set);
    },
    removeEventListener: (event: string, fn: () => void) => listeners.get(event)?.delete(fn),
    fire: (event: string) => [...(listeners.get(event) ?? [])].forEach((fn) => fn()),
    failWith: (code: number) => {
      v.error = { code };
      v.fire('error');
    },
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
  // Setting src is what a reload looks like to the session.
  let src = '';
  Object.defineProperty(v, 'src', {
    get: () => src,
    set: (next: string) => {
      src = next;
      v.srcSets.push(next);
    },
  });
  return v as typeof v & NativeVideo;
}

const NETWORK = 2;
const DECODE = 3;
const SRC_NOT_SUPPORTED = 4;
const delayMs = (attempt: number) => 1000 * 2 ** attempt;

function start(video = fakeVideo()) {
  const callbacks = { onFatal: vi.fn(), onReconnecting: vi.fn() };
  const session = startNativeHlsSession(video, playback('t1'), callbacks, { delayMs });
  return { video, callbacks, session };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2030-01-01T00:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('startNativeHlsSession', () => {
  it('plays the HLS URL', () => {
    const { video } = start();
    expect(video.src).toBe(`${HOST}/media/t1/master.m3u8`);
  });

  it('reloads at the same time after a network error, playing again, then says it is back', () => {
    const { video, callbacks } = start();
    video.currentTime = 1234.5;
    video.paused = false;
    video.failWith(NETWORK);
    expect(callbacks.onReconnecting).toHaveBeenLastCalledWith(Date.now());
    expect(callbacks.onFatal).not.toHaveBeenCalled();

    vi.advanceTimersByTime(999);
    expect(video.load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(video.load).toHaveBeenCalledTimes(1);

    // The load algorithm starts over at 0 and paused.
    video.currentTime = 0;
    video.paused = true;
    video.fire('loadedmetadata');
    expect(video.currentTime).toBe(1234.5);
    expect(video.play).toHaveBeenCalled();
    video.fire('playing');
    expect(callbacks.onReconnecting).toHaveBeenLastCalledWith(null);
  });

  it('keeps a paused video paused, back once it can play', () => {
    const { video, callbacks } = start();
    video.currentTime = 42;
    video.failWith(NETWORK);
    vi.advanceTimersByTime(1000);
    video.fire('loadedmetadata');
    expect(video.currentTime).toBe(42);
    expect(video.play).not.toHaveBeenCalled();
    video.fire('canplay');
    expect(callbacks.onReconnecting).toHaveBeenLastCalledWith(null);
  });

  it('backs off while the server stays away and keeps the first position', () => {
    const { video, callbacks } = start();
    video.currentTime = 300;
    video.paused = false;
    video.failWith(NETWORK);
    vi.advanceTimersByTime(1000);
    // The reload fails too: the element is at 0 now, and a failed source is still the outage.
    video.currentTime = 0;
    video.paused = true;
    video.failWith(SRC_NOT_SUPPORTED);
    vi.advanceTimersByTime(1999);
    expect(video.load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(video.load).toHaveBeenCalledTimes(2);
    expect(callbacks.onReconnecting).toHaveBeenCalledTimes(1);
    expect(callbacks.onFatal).not.toHaveBeenCalled();

    video.fire('loadedmetadata');
    expect(video.currentTime).toBe(300);
    expect(video.play).toHaveBeenCalled();
  });

  it('does not count buffered media playing before the reload as back', () => {
    const { video, callbacks } = start();
    video.failWith(NETWORK);
    video.fire('playing');
    expect(callbacks.onReconnecting).toHaveBeenCalledTimes(1);
  });

  it('is fatal on a decode error, or a format error outside a reconnect', () => {
    const decode = start();
    decode.video.failWith(DECODE);
    expect(decode.callbacks.onFatal).toHaveBeenCalledTimes(1);

    const format = start();
    format.video.failWith(SRC_NOT_SUPPORTED);
    expect(format.callbacks.onFatal).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(format.video.load).not.toHaveBeenCalled();
  });

  it('ignores an aborted load', () => {
    const { video, callbacks } = start();
    video.failWith(1);
    expect(callbacks.onFatal).not.toHaveBeenCalled();
    expect(callbacks.onReconnecting).not.toHaveBeenCalled();
  });

  it('reloads under the latest URLs of the same stream', () => {
    const { video, session } = start();
    session.update(playback('t2'));
    session.update(playback('t3', { mode: 'full', max_seconds: null }));
    video.failWith(NETWORK);
    vi.advanceTimersByTime(1000);
    expect(video.srcSets).toEqual([`${HOST}/media/t1/master.m3u8`, `${HOST}/media/t2/master.m3u8`]);
  });

  it('retries at once when nudged while waiting, with the backoff started over', () => {
    const { video, session } = start();
    session.retryNow();
    expect(video.load).not.toHaveBeenCalled();

    video.failWith(NETWORK);
    vi.advanceTimersByTime(1000);
    video.failWith(NETWORK);
    session.retryNow();
    expect(video.load).toHaveBeenCalledTimes(2);
    // The next failure waits the first delay again.
    video.failWith(NETWORK);
    vi.advanceTimersByTime(1000);
    expect(video.load).toHaveBeenCalledTimes(3);
  });

  it('stops listening and reloading once destroyed', async () => {
    const { video, callbacks, session } = start();
    video.failWith(NETWORK);
    await session.destroy();
    vi.runAllTimers();
    expect(video.load).not.toHaveBeenCalled();
    expect(video.listenerCount()).toBe(0);
    video.failWith(DECODE);
    expect(callbacks.onFatal).not.toHaveBeenCalled();
  });
});
