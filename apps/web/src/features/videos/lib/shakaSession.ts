import type shakaNamespace from 'shaka-player/dist/shaka-player.compiled';
import type { Playback } from '@ridealong/contracts';
import { retryDelayMs } from '../../../lib/retryPolicy';
import { classifyPlayerError, shakaRetryParameters } from './playerFailure';

type Shaka = typeof shakaNamespace;

export type ShakaSessionCallbacks = {
  /** Missing, forbidden or unplayable: the page shows the processing state. */
  onFatal: () => void;
  /** When the player started retrying (ms since epoch), or null once the server answers again. */
  onReconnecting: (since: number | null) => void;
};

export type ShakaSession = { destroy: () => Promise<void> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One shaka player on `video` for `playback`, which survives a server restart or network drop
 * (issue 11): requests retry with the app's backoff, a streaming failure is retried from the
 * same position at the capped delay for as long as it takes, and a manifest that cannot be
 * fetched is asked for again. Only a fatal error (see classifyPlayerError) ends it.
 */
export async function startShakaSession(
  shaka: Shaka,
  video: HTMLVideoElement,
  { playback, capSeconds }: { playback: Playback; capSeconds: number | null },
  callbacks: ShakaSessionCallbacks,
): Promise<ShakaSession> {
  const player = new shaka.Player();
  let destroyed = false;
  let failures = 0;
  let since: number | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const away = () => {
    if (since !== null || destroyed) return;
    since = Date.now();
    callbacks.onReconnecting(since);
  };
  const back = () => {
    failures = 0;
    if (since === null || destroyed) return;
    since = null;
    callbacks.onReconnecting(null);
  };
  const fatal = () => {
    if (!destroyed) callbacks.onFatal();
  };

  const retryParameters = shakaRetryParameters();
  player.configure({
    abr: { enabled: true },
    // shaka ends the presentation at the cap, so the seek bar shows what may be watched.
    ...(capSeconds !== null ? { playRangeEnd: capSeconds } : {}),
    manifest: { retryParameters },
    streaming: {
      retryParameters,
      // Never switch a rendition off for a failed request: with the server away every one fails.
      maxDisabledTime: 0,
      failureCallback: (error: shakaNamespace.util.Error) => {
        if (classifyPlayerError(error) !== 'transient') return;
        away();
        clearTimeout(retryTimer);
        // The streaming engine keeps the playhead; retrying resumes buffering from there.
        retryTimer = setTimeout(() => {
          if (!destroyed) player.retryStreaming(0);
        }, retryDelayMs(failures++));
      },
    },
  });

  const net = player.getNetworkingEngine();
  // A retried request is the first sign the server is away; any answer says it is back.
  net?.addEventListener('retry', (event) => {
    const error: unknown = (event as { error?: unknown }).error;
    if (classifyPlayerError(error) === 'transient') away();
    // A 404 or 403 will not change by asking again: stop retrying it.
    else event.preventDefault();
  });
  net?.registerResponseFilter(() => back());

  player.addEventListener('error', (event) => {
    const error: unknown = (event as { detail?: unknown }).detail;
    const kind = classifyPlayerError(error);
    if (kind === 'transient') away();
    else if (kind === 'fatal') fatal();
  });

  await player.attach(video);
  void loadWithRetry();

  /** DASH, then HLS (both adaptive); a manifest the server cannot give now is asked for again. */
  async function loadWithRetry() {
    for (let attempt = 0; !destroyed; attempt += 1) {
      try {
        await loadEither();
        back();
        return;
      } catch (error) {
        const kind = classifyPlayerError(error);
        if (destroyed || kind === 'interrupted') return;
        if (kind === 'fatal') {
          fatal();
          return;
        }
        away();
        await sleep(retryDelayMs(attempt));
      }
    }
  }

  async function loadEither() {
    try {
      await player.load(playback.dash_url);
    } catch (error) {
      if (classifyPlayerError(error) !== 'fatal') throw error;
      await player.load(playback.hls_url);
    }
  }

  return {
    destroy: async () => {
      destroyed = true;
      clearTimeout(retryTimer);
      await player.destroy();
    },
  };
}
