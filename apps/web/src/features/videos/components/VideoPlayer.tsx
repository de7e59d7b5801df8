import { useEffect, useRef, type RefObject } from 'react';
import type { Playback } from '@ridealong/contracts';
import { reachedCap } from '../lib/playback';
import { startShakaSession, type ShakaSession } from '../lib/shakaSession';

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
};

/**
 * The video page's player: shaka-player with adaptive bitrate over DASH or HLS, native HLS
 * where there is no MediaSource (iOS Safari). The cap pauses playback at 600 s in the browser
 * (document 001 section 9), also when the viewer seeks past it. A server or network that is
 * away is waited out (startShakaSession); only a missing or unplayable video is an error.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { playback, capSeconds, videoRef, title } = props;
  const handlers = useRef(props);
  useEffect(() => {
    handlers.current = props;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let session: ShakaSession | null = null;

    void (async () => {
      try {
        const { default: shaka } = await import('shaka-player/dist/shaka-player.compiled');
        if (cancelled) return;
        shaka.polyfill.installAll();
        if (!shaka.Player.isBrowserSupported()) {
          video.src = playback.hls_url;
          return;
        }
        const started = await startShakaSession(
          shaka,
          video,
          { playback, capSeconds },
          {
            onFatal: () => {
              if (!cancelled) handlers.current.onError();
            },
            onReconnecting: (since) => {
              if (!cancelled) handlers.current.onReconnecting(since);
            },
          },
        );
        if (cancelled) void started.destroy();
        else session = started;
      } catch {
        if (!cancelled) handlers.current.onError();
      }
    })();

    return () => {
      cancelled = true;
      handlers.current.onReconnecting(null);
      void session?.destroy();
      session = null;
    };
  }, [playback, capSeconds, videoRef]);

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
    // An aborted fetch (the player tearing down) is not a broken video.
    const onError = () => {
      if (video.error && video.error.code !== MediaError.MEDIA_ERR_ABORTED)
        handlers.current.onError();
    };
    video.addEventListener('timeupdate', holdAtCap);
    video.addEventListener('seeking', holdAtCap);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    video.addEventListener('error', onError);
    return () => {
      video.removeEventListener('timeupdate', holdAtCap);
      video.removeEventListener('seeking', holdAtCap);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('error', onError);
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
