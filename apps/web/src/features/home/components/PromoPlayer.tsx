import { useEffect, useRef } from 'react';
import type shakaNamespace from 'shaka-player/dist/shaka-player.compiled';

type Streams = { hls: string; dash: string };

/**
 * The promotional video (document 000 section 1): DASH through shaka-player, and the HLS
 * stream natively where shaka cannot play (no MediaSource, e.g. iOS Safari) or loading fails.
 * shaka is loaded only when the overlay opens, and destroyed when it closes.
 */
export function PromoPlayer({ hls, dash }: Streams) {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = true; // autoplay is allowed only when muted
    let cancelled = false;
    let player: shakaNamespace.Player | null = null;
    let native = false;

    const playNativeHls = () => {
      if (cancelled) return;
      native = true;
      video.src = hls;
      void video.play().catch(() => undefined);
    };

    void (async () => {
      try {
        const { default: shaka } = await import('shaka-player/dist/shaka-player.compiled');
        if (cancelled) return;
        shaka.polyfill.installAll();
        if (!shaka.Player.isBrowserSupported()) return playNativeHls();
        player = new shaka.Player();
        await player.attach(video);
        if (cancelled) return;
        await player.load(dash);
      } catch {
        // Detach shaka from the element before handing it to the native player.
        const failed = player;
        player = null;
        await failed?.destroy().catch(() => undefined);
        playNativeHls();
      }
    })();

    return () => {
      cancelled = true;
      void player?.destroy();
      player = null;
      if (native) {
        // Stop the native stream's download too.
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [hls, dash]);

  return (
    <video
      ref={videoRef}
      data-testid="promo-video"
      aria-label="RideAlong promotional video"
      muted
      autoPlay
      controls
      playsInline
      style={{ display: 'block', width: '100%', height: '100%', background: '#000' }}
    />
  );
}
