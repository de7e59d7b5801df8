import { useEffect, useRef, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Playback } from '@ridealong/contracts';
import { renewPlayback } from '../api/usePlayback';
import { streamKeyOf } from '../lib/mediaToken';
import { startNativeHlsSession } from '../lib/nativeHlsSession';
import { reachedCap } from '../lib/playback';
import type { PlayerSession } from '../lib/playerSession';
import { startShakaSession } from '../lib/shakaSession';

type VideoPlayerProps = {
  playback: Playback;
  /** Seconds of video after which playback pauses (600 in the browser); null for none. */
  capSeconds: number | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  title: string;
  /** Neither stream could be played: the page shows the processing state. */
  onError: () => void;
  /** The player is retrying since this time (ms since epoch); null once the server answers. */
  onReconnecting: (since: number | null) => void;
  onPlayingChange: (playing: boolean) => void;
  onCapReached: () => void;
  /** The stream played to its end (for a capped stream: the cap). */
  onEnded: () => void;
  /**
   * Bump it when the connection is likely back (the ride socket reconnected, the browser is
   * online): a player that is retrying then retries at once instead of waiting out its backoff.
   * The first value does nothing.
   */
  retrySignal?: number;
};

/**
 * The video page's player: shaka-player with adaptive bitrate over DASH or HLS, native HLS
 * where there is no MediaSource (iOS Safari). The cap pauses playback at 600 s in the browser
 * (document 001 section 9), also when the viewer seeks past it. A server or network that is
 * away is waited out (startShakaSession, startNativeHlsSession), signed URLs that expire are
 * renewed without a reload; only a missing or unplayable video is an error. The sessions judge
 * the element's own errors too (shaka reports them as its VIDEO_ERROR).
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { playback, capSeconds, videoRef, title, retrySignal } = props;
  const client = useQueryClient();
  const handlers = useRef(props);
  useEffect(() => {
    handlers.current = props;
  });
  // The latest Playback, read when a session starts; a renewal only changes its token.
  const latest = useRef(playback);
  const session = useRef<PlayerSession | null>(null);
  const streamKey = streamKeyOf(playback);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let started: PlayerSession | null = null;
    const callbacks = {
      onFatal: () => {
        if (!cancelled) handlers.current.onError();
      },
      onReconnecting: (since: number | null) => {
        if (!cancelled) handlers.current.onReconnecting(since);
      },
    };
    const keep = (next: PlayerSession) => {
      started = next;
      session.current = next;
      // A renewal that arrived while the session was starting.
      next.update(latest.current);
    };

    void (async () => {
      try {
        const { default: shaka } = await import('shaka-player/dist/shaka-player.compiled');
        if (cancelled) return;
        shaka.polyfill.installAll();
        if (!shaka.Player.isBrowserSupported()) {
          keep(startNativeHlsSession(video, latest.current, callbacks));
          return;
        }
        const shakaSession = await startShakaSession(
          shaka,
          video,
          { playback: latest.current, capSeconds },
          { ...callbacks, renew: () => renewPlayback(client, latest.current) },
        );
        if (cancelled) void shakaSession.destroy();
        else keep(shakaSession);
      } catch {
        if (!cancelled) handlers.current.onError();
      }
    })();

    return () => {
      cancelled = true;
      handlers.current.onReconnecting(null);
      if (session.current === started) session.current = null;
      void started?.destroy();
    };
    // The session is keyed on the stream, not on the Playback object: a refetch renews the
    // token every few hours, and a new session would restart the video at 0 mid-ride.
  }, [streamKey, capSeconds, videoRef, client]);

  // Declared after the session's effect, so a new stream's Playback never reaches the old one.
  useEffect(() => {
    latest.current = playback;
    session.current?.update(playback);
  }, [playback]);

  // A nudge from outside (the ride socket reconnected, the browser is online): retry now.
  const lastSignal = useRef(retrySignal);
  useEffect(() => {
    if (retrySignal === lastSignal.current) return;
    lastSignal.current = retrySignal;
    session.current?.retryNow();
  }, [retrySignal]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const holdAtCap = () => {
      if (!reachedCap(video.currentTime, capSeconds) || capSeconds === null) return false;
      if (!video.paused) video.pause();
      if (video.currentTime > capSeconds) video.currentTime = capSeconds;
      handlers.current.onCapReached();
      return true;
    };
    const onPlay = () => {
      if (!holdAtCap()) handlers.current.onPlayingChange(true);
    };
    const onPause = () => handlers.current.onPlayingChange(false);
    const onEnded = () => {
      // A preview stream ends at its cap, a hair before it in video time.
      if (capSeconds !== null && video.currentTime >= capSeconds - 1) {
        handlers.current.onCapReached();
      }
      handlers.current.onEnded();
    };
    video.addEventListener('timeupdate', holdAtCap);
    video.addEventListener('seeking', holdAtCap);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    return () => {
      video.removeEventListener('timeupdate', holdAtCap);
      video.removeEventListener('seeking', holdAtCap);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
    };
  }, [capSeconds, videoRef]);

  return (
    <video
      ref={videoRef}
      data-testid="race-video"
      aria-label={title}
      poster={playback.poster_url}
      controls
      playsInline
      preload="metadata"
      style={{ display: 'block', width: '100%', height: '100%', background: '#000' }}
    />
  );
}
