import { useEffect, useState, type RefObject } from 'react';

export interface VideoClock {
  /** The player's <video>, once it is on the page. */
  video: HTMLVideoElement | null;
  /** Seconds of video at the playhead. */
  time: number;
  /** Whether the viewer's own player is muted (not the owner's switches). */
  muted: boolean;
  paused: boolean;
  /** The media's length in seconds; NaN until its metadata arrived. */
  duration: number;
}

const EMPTY: VideoClock = { video: null, time: 0, muted: false, paused: true, duration: NaN };
/** How often the ref is looked at: the player mounts once playback is in, and may be replaced. */
const FIND_VIDEO_MS = 500;
const EVENTS = [
  'timeupdate',
  'seeked',
  'seeking',
  'play',
  'pause',
  'volumechange',
  'durationchange',
  'loadedmetadata',
  'emptied',
] as const;

const read = (video: HTMLVideoElement): VideoClock => ({
  video,
  time: video.currentTime,
  muted: video.muted,
  paused: video.paused,
  duration: video.duration,
});

/**
 * Follows the page's player: its time, muted state and duration, from the element's own
 * events. The tab can open before the player exists (playback still loading), and a ref
 * tells no one when it changes, so the element is looked for now and again. Not `enabled`
 * (a viewer without the owner's tools), it follows nothing and renders nothing.
 */
export function useVideoClock(
  videoRef: RefObject<HTMLVideoElement | null>,
  enabled = true,
): VideoClock {
  const initial = enabled ? videoRef.current : null;
  const [video, setVideo] = useState<HTMLVideoElement | null>(initial);
  const [clock, setClock] = useState<VideoClock>(() => (initial ? read(initial) : EMPTY));

  useEffect(() => {
    if (!enabled) {
      setVideo(null);
      return;
    }
    // Setting the same element again renders nothing.
    const look = () => setVideo(videoRef.current);
    look();
    const timer = window.setInterval(look, FIND_VIDEO_MS);
    return () => window.clearInterval(timer);
  }, [videoRef, enabled]);

  useEffect(() => {
    if (!video) {
      setClock(EMPTY);
      return;
    }
    const update = () => setClock(read(video));
    update();
    for (const e of EVENTS) video.addEventListener(e, update);
    return () => {
      for (const e of EVENTS) video.removeEventListener(e, update);
    };
  }, [video]);

  return clock;
}
