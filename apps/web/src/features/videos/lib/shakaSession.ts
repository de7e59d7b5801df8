import type shakaNamespace from 'shaka-player/dist/shaka-player.compiled';
import type { Playback } from '@ridealong/contracts';
import { retryDelayMs } from '../../../lib/retryPolicy';
import { prefixOf, rewriteToLatest, streamKeyOf } from './mediaToken';
import { classifyPlayerError, forbiddenRequestUri, shakaRetryParameters } from './playerFailure';
import type { PlayerSession, PlayerSessionCallbacks } from './playerSession';
import { createTokenRenewal } from './tokenRenewal';

type Shaka = typeof shakaNamespace;

export type ShakaSessionCallbacks = PlayerSessionCallbacks & {
  /** Asks the server for fresh signed URLs after a 403: the new Playback, or null. */
  renew: () => Promise<Playback | null>;
};

/**
 * One shaka player on `video` for `playback`, which survives a server restart or network drop
 * (issue 11): requests retry with the app's backoff, a streaming failure is retried from the
 * same position at the capped delay for as long as it takes, and a manifest that cannot be
 * fetched is asked for again. Signed URLs are renewed without a reload: every request goes out
 * under the latest token (update, or a renewal after a 403). Only a fatal error ends it.
 */
export async function startShakaSession(
  shaka: Shaka,
  video: HTMLVideoElement,
  { playback, capSeconds }: { playback: Playback; capSeconds: number | null },
  callbacks: ShakaSessionCallbacks,
): Promise<PlayerSession> {
  const player = new shaka.Player();
  const streamKey = streamKeyOf(playback);
  let latest = playback;
  let destroyed = false;
  let failures = 0;
  let since: number | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Ends the manifest loop's wait early (a nudge, or the session going away).
  let wake: (() => void) | null = null;

  const renewal = createTokenRenewal({
    latest: () => latest,
    renew: callbacks.renew,
    accept: (renewed) => update(renewed),
  });

  function update(next: Playback) {
    // Another stream needs a new player (VideoPlayer makes one); only a renewed token is taken.
    if (streamKeyOf(next) === streamKey) latest = next;
  }
  const away = () => {
    if (since !== null || destroyed) return;
    since = Date.now();
    callbacks.onReconnecting(since);
  };
  const back = () => {
    failures = 0;
    renewal.reset();
    if (since === null || destroyed) return;
    since = null;
    callbacks.onReconnecting(null);
  };
  const fatal = () => {
    if (!destroyed) callbacks.onFatal();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      wake = done;
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
    });

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
  const pageOrigin = window.location.origin;
  // Segment URLs resolve against the manifest's, which carries the token it was loaded with.
  net?.registerRequestFilter((_type, request) => {
    const prefix = prefixOf(latest.dash_url);
    if (prefix) request.uris = request.uris.map((uri) => rewriteToLatest(uri, prefix, pageOrigin));
  });
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
    const forbiddenUri = forbiddenRequestUri(error);
    if (forbiddenUri !== undefined) {
      void (async () => {
        // The stream stopped at the refused request; retrying resumes it under the new token.
        if (await renewForbidden(forbiddenUri)) player.retryStreaming(0);
      })();
      return;
    }
    const kind = classifyPlayerError(error);
    if (kind === 'transient') away();
    else if (kind === 'fatal') fatal();
  });

  /** True when the request may be tried again under a newer token; false after fatal(). */
  async function renewForbidden(uri: string | null): Promise<boolean> {
    away();
    const retry = await renewal.forbidden(uri);
    if (destroyed) return false;
    if (!retry) fatal();
    return retry;
  }

  await player.attach(video);
  void loadWithRetry();

  /** DASH, then HLS (both adaptive); a manifest the server cannot give now is asked for again. */
  async function loadWithRetry() {
    while (!destroyed) {
      try {
        await loadEither();
        back();
        return;
      } catch (error) {
        const forbiddenUri = forbiddenRequestUri(error);
        if (forbiddenUri !== undefined) {
          if (await renewForbidden(forbiddenUri)) continue;
          return;
        }
        const kind = classifyPlayerError(error);
        if (destroyed || kind === 'interrupted') return;
        if (kind === 'fatal') {
          fatal();
          return;
        }
        away();
        await sleep(retryDelayMs(failures++));
      }
    }
  }

  async function loadEither() {
    try {
      await player.load(latest.dash_url);
    } catch (error) {
      // HLS is signed with the same token: a refused DASH manifest is the renewal's to handle.
      if (classifyPlayerError(error) !== 'fatal' || forbiddenRequestUri(error) !== undefined) {
        throw error;
      }
      await player.load(latest.hls_url);
    }
  }

  return {
    update,
    retryNow: () => {
      if (destroyed || since === null) return;
      // The connection is likely back: start the backoff over and ask now.
      failures = 0;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      player.retryStreaming(0);
      wake?.();
    },
    destroy: async () => {
      destroyed = true;
      clearTimeout(retryTimer);
      wake?.();
      await player.destroy();
    },
  };
}
