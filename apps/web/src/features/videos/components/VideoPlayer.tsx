import { useEffect, useRef, type RefObject } from 'react';
import type shakaNamespace from 'shaka-player/dist/shaka-player.compiled';
import type { Playback } from '@ridealong/contracts';
import { reachedCap } from '../lib/playback';

type VideoPlayerProps = {
  playback: Playback;
  /** Seconds of video after which playback pauses (600 in the browser); null for none. */
  capSeconds: number | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  title: string;
  /** Neither stream could be played: the page shows the processing state. */
  onError: () => void;
  onPlayingChange: (playing: boolean) => void;
  onCapReached: () => void;
  /** The stream played to its end (for a capped stream: the cap). */
  onEnded: () => void;
};

type Shaka = typeof shakaNamespace;

/** Loads the first manifest shaka can play: DASH, then HLS (both adaptive bitrate). */
async function loadWithShaka(shaka: Shaka, video: HTMLVideoElement, p: VideoPlayerProps) {
  const player = new shaka.Player();
  await player.attach(video);
  player.configure({
    abr: { enabled: true },
    // shaka ends the presentation at the cap, so the seek bar shows what may be watched.
    ...(p.capSeconds !== null ? { playRangeEnd: p.capSeconds } : {}),
  });
  try {
    await player.load(p.playback.dash_url);
  } catch {
    await player.load(p.playback.hls_url);
  }
  return player;
}

/**
 * The video page's player: shaka-player with adaptive bitrate over DASH or HLS, native HLS
 * where there is no MediaSource (iOS Safari). The cap pauses playback at 600 s in the browser
 * (document 001 section 9), also when the viewer seeks past it.
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
    let player: shakaNamespace.Player | null = null;
    const fail = () => {
      if (!cancelled) handlers.current.onError();
    };

    void (async () => {
      try {
        const { default: shaka } = await import('shaka-player/dist/shaka-player.compiled');
        if (cancelled) return;
        shaka.polyfill.installAll();
        if (!shaka.Player.isBrowserSupported()) {
          video.src = playback.hls_url;
          return;
        }
        player = await loadWithShaka(shaka, video, { ...handlers.current, playback, capSeconds });
        if (cancelled) return;
        // Errors after loading (a segment that will not decode, expired URLs) end playback too.
        player.addEventListener('error', fail);
      } catch {
        fail();
      }
    })();

    return () => {
      cancelled = true;
      void player?.destroy();
      player = null;
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
