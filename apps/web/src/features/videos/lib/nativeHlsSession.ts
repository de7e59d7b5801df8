import type { Playback } from '@ridealong/contracts';
import { retryDelayMs } from '../../../lib/retryPolicy';
import { streamKeyOf } from './mediaToken';
import { playWhenReady, type PlayableMedia } from './playWhenReady';
import type { PlayerSession, PlayerSessionCallbacks } from './playerSession';

/** The parts of a video element the native session uses (a test passes a double). */
export type NativeVideo = PlayableMedia &
  Pick<HTMLMediaElement, 'src' | 'currentTime' | 'error' | 'load'>;

// MediaError codes: the global MediaError is not there outside a browser.
const MEDIA_ERR_ABORTED = 1;
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

export type NativeHlsOptions = {
  /** The wait before reload number `attempt` (0 first): the app's retry policy. */
  delayMs?: (attempt: number) => number;
  now?: () => number;
};

/**
 * The browser's own HLS where there is no MediaSource (iOS Safari), surviving a server restart
 * or network drop like the shaka session (issue 11): a network error reloads the source after
 * the app's backoff, back at the same time and playing if it was, for as long as it takes; a
 * decode or format error is fatal. The element gives no HTTP status, so an expired token shows
 * as a network error too: each reload takes the latest URLs (update).
 */
export function startNativeHlsSession(
  video: NativeVideo,
  playback: Playback,
  callbacks: PlayerSessionCallbacks,
  { delayMs = retryDelayMs, now = Date.now }: NativeHlsOptions = {},
): PlayerSession {
  const streamKey = streamKeyOf(playback);
  let src = playback.hls_url;
  let destroyed = false;
  let failures = 0;
  let since: number | null = null;
  /** Set while waiting out the backoff before a reload. */
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Where to pick up after the reloads of this run: taken at its first error. */
  let resume: { time: number; playing: boolean } | null = null;

  const reload = () => {
    clearTimeout(timer);
    timer = undefined;
    if (destroyed) return;
    // Either one runs the media load algorithm once: a new URL, or the same one fetched again.
    if (video.src !== src) video.src = src;
    else video.load();
  };

  const away = () => {
    resume ??= { time: video.currentTime, playing: !video.paused };
    if (since === null) {
      since = now();
      callbacks.onReconnecting(since);
    }
    clearTimeout(timer);
    timer = setTimeout(reload, delayMs(failures++));
  };

  const onError = () => {
    const code = video.error?.code;
    if (destroyed || code === undefined || code === MEDIA_ERR_ABORTED) return;
    // While reconnecting, a source that does not load is the server still away (an error page
    // or no answer), not a bad video: the same stream loaded here before.
    if (code === MEDIA_ERR_NETWORK || (code === MEDIA_ERR_SRC_NOT_SUPPORTED && since !== null)) {
      away();
      return;
    }
    callbacks.onFatal();
  };

  const onMetadata = () => {
    if (!resume || timer !== undefined) return;
    if (resume.time > 0) video.currentTime = resume.time;
    if (resume.playing) playWhenReady(video);
  };

  const onBack = () => {
    // Buffered media may still play before the reload: only the reloaded source counts.
    if (destroyed || since === null || timer !== undefined) return;
    since = null;
    resume = null;
    failures = 0;
    callbacks.onReconnecting(null);
  };

  video.addEventListener('error', onError);
  video.addEventListener('loadedmetadata', onMetadata);
  video.addEventListener('canplay', onBack);
  video.addEventListener('playing', onBack);
  video.src = src;

  return {
    update: (next) => {
      // Taken at the next reload: swapping the source of a playing element would restart it.
      if (streamKeyOf(next) === streamKey) src = next.hls_url;
    },
    retryNow: () => {
      if (destroyed || timer === undefined) return;
      failures = 0;
      reload();
    },
    destroy: () => {
      destroyed = true;
      clearTimeout(timer);
      timer = undefined;
      video.removeEventListener('error', onError);
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('canplay', onBack);
      video.removeEventListener('playing', onBack);
      return Promise.resolve();
    },
  };
}
