import { useEffect, useState, type RefObject } from 'react';

/**
 * The player's current second, following it as it plays and seeks (timeupdate comes about
 * four times a second), or null while there is no player.
 */
export function usePlayhead(videoRef: RefObject<HTMLVideoElement | null>): number | null {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setSeconds(video.currentTime);
    update();
    video.addEventListener('timeupdate', update);
    video.addEventListener('seeked', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('seeked', update);
    };
  }, [videoRef]);
  return seconds;
}
