import { MAX_PLAYBACK_RATE, MIN_PLAYBACK_RATE } from '@ridealong/trainer';
import type { ReactivePlayer } from './reactiveDriver';

/** The page's <video> as the reactive driver's player, with what the page must know of it. */
export type VideoReactivePlayer = {
  player: ReactivePlayer;
  /**
   * True once for each pause the driver made (a stopped rider, the route's end): the page's
   * 'pause' event for it is not the rider's.
   */
  takeOwnPause: () => boolean;
  dispose: () => void;
};

/**
 * Adapts a <video>: `stalled` follows the element's events ('waiting' or 'stalled' until
 * 'playing'); the rate is kept within Chromium's bounds.
 */
export function videoPlayer(video: HTMLVideoElement): VideoReactivePlayer {
  let stalled = false;
  let ownPauses = 0;
  const onStall = () => {
    stalled = true;
  };
  const onPlaying = () => {
    stalled = false;
  };
  video.addEventListener('waiting', onStall);
  video.addEventListener('stalled', onStall);
  video.addEventListener('playing', onPlaying);
  const player: ReactivePlayer = {
    get currentTime() {
      return video.currentTime;
    },
    get stalled() {
      return stalled;
    },
    get paused() {
      return video.paused;
    },
    setRate(rate) {
      const next = Math.min(MAX_PLAYBACK_RATE, Math.max(MIN_PLAYBACK_RATE, rate));
      // Chromium re-tunes its audio at every change: only a real change is set.
      if (Math.abs(video.playbackRate - next) > 1e-3) video.playbackRate = next;
    },
    seek(to) {
      video.currentTime = to;
    },
    pause() {
      if (video.paused) return;
      ownPauses += 1; // its 'pause' event follows
      video.pause();
    },
    play() {
      void video.play().catch(() => undefined);
    },
  };
  return {
    player,
    takeOwnPause: () => {
      if (ownPauses === 0) return false;
      ownPauses -= 1;
      return true;
    },
    dispose: () => {
      video.removeEventListener('waiting', onStall);
      video.removeEventListener('stalled', onStall);
      video.removeEventListener('playing', onPlaying);
    },
  };
}
