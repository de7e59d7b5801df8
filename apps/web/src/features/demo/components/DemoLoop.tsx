import { useEffect, useRef } from 'react';
import type shakaNamespace from 'shaka-player/dist/shaka-player.compiled';

type DemoLoopProps = {
  hls: string;
  dash: string;
  poster: string;
  /** False pauses the loop (the viewer's pause control); true plays it. */
  playing: boolean;
  /** Neither stream could be played: the page shows its backdrop instead. */
  onFailed: () => void;
};

/**
 * The demo video, muted and looping, filling its box: DASH through shaka-player, the HLS stream
 * natively where shaka cannot play (no MediaSource) or loading fails. Decorative: the page's
 * heading and buttons say what it is, so assistive technology skips it.
 */
export function DemoLoop({ hls, dash, poster, playing, onFailed }: DemoLoopProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  }, [onFailed]);
  const wantPlaying = useRef(playing);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = true; // autoplay is allowed only when muted
    let cancelled = false;
    let player: shakaNamespace.Player | null = null;
    let native = false;
    const play = () => {
      if (!cancelled && wantPlaying.current) void video.play().catch(() => undefined);
    };
    // `loop` restarts the stream; this is for engines that end a MediaSource stream instead.
    const restart = () => {
      video.currentTime = 0;
      play();
    };
    const nativeFailed = () => {
      if (!cancelled && native) failed.current();
    };
    video.addEventListener('ended', restart);
    video.addEventListener('error', nativeFailed);

    const playNativeHls = () => {
      if (cancelled) return;
      native = true;
      video.src = hls;
      play();
    };

    void (async () => {
      try {
        const { default: shaka } = await import('shaka-player/dist/shaka-player.compiled');
        if (cancelled) return;
        shaka.polyfill.installAll();
        if (!shaka.Player.isBrowserSupported()) return playNativeHls();
        player = new shaka.Player();
        player.addEventListener('error', () => {
          if (!cancelled) failed.current();
        });
        await player.attach(video);
        if (cancelled) return;
        await player.load(dash);
        play();
      } catch {
        const broken = player;
        player = null;
        await broken?.destroy().catch(() => undefined);
        playNativeHls();
      }
    })();

    return () => {
      cancelled = true;
      video.removeEventListener('ended', restart);
      video.removeEventListener('error', nativeFailed);
      void player?.destroy();
      player = null;
      if (native) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [hls, dash]);

  useEffect(() => {
    wantPlaying.current = playing;
    const video = videoRef.current;
    if (!video) return;
    if (playing) void video.play().catch(() => undefined);
    else video.pause();
  }, [playing]);

  return (
    <video
      ref={videoRef}
      data-testid="demo-video"
      aria-hidden="true"
      tabIndex={-1}
      poster={poster}
      muted
      loop
      playsInline
      disablePictureInPicture
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        background: '#000',
      }}
    />
  );
}
