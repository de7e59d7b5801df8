import { useCallback, useRef, useState } from 'react';
import type { RideMode } from '@ridealong/contracts';
import { selectSignedIn, useUserStore, type ClientUser } from '../../../../stores/user';
import type { StoredRide } from '../pointBuffer';
import type { RideSession } from '../rideSession';
import { endReactive, openReactiveLoop, tickReactive, type ReactiveLoop } from './reactiveLoop';
import { resumeMode, resumeVideoTime, rideModeFor } from './rideModeRule';
import { useRideTimeline } from './useRideTimeline';

type Tracker = Parameters<typeof tickReactive>[3];

/** One recording stretch: its tick (several a second), and the stretch's end. */
export type Recording = {
  /** Records the moment; true when a reactive rider reached the route's end (recorded then). */
  tick: (video: HTMLVideoElement, tracker: Tracker, now: number) => boolean;
  stop: () => void;
};

/**
 * useRide's reactive side (issue 26): the video's timeline, the started ride's mode (and the
 * rule for a kept one), and the driver loop that rides the tracker's power and steers the video.
 * A steady ride has no loop: every call then leaves the ride to useRide's steady path.
 */
export function useReactiveLoop(raceId: number) {
  const timeline = useRideTimeline(raceId, useUserStore(selectSignedIn));
  const remembered = useUserStore((s) => s.user.ride_mode);
  /** The started ride's mode; null when idle (the member's choice then applies). */
  const [startedMode, setStartedMode] = useState<RideMode | null>(null);
  const loop = useRef<ReactiveLoop | null>(null);
  const hasTimeline = timeline !== null;

  const close = useCallback(() => {
    loop.current?.video.dispose();
    loop.current = null;
    setStartedMode(null);
  }, []);

  /**
   * The mode a start rides in: a kept ride goes on in its own; group rides are synchronised at
   * 1x; a video without a timeline has no road to ride by. Null: a reactive ride waits for it.
   */
  const modeFor = (user: ClientUser, grouped: boolean, resume?: StoredRide): RideMode | null =>
    resume
      ? resumeMode(resume, hasTimeline)
      : rideModeFor(user.ride_mode, { grouped, hasTimeline });

  /** Where a kept ride's video goes on: the next second, or the rider's place by distance. */
  const resumeTime = (resume: StoredRide, mode: RideMode) =>
    resumeVideoTime(resume, mode, (d) => timeline?.timeAt(d) ?? 0);

  /** The started ride's loop: a reactive ride's driver on the video; none for a steady one. */
  const open = (mode: RideMode, user: ClientUser, video: HTMLVideoElement, resume?: StoredRide) => {
    setStartedMode(mode);
    loop.current?.video.dispose();
    loop.current =
      mode === 'reactive' && timeline ? openReactiveLoop(timeline, user, video, resume) : null;
  };

  /**
   * Starts a recording stretch of `session`: a steady ride records by the video's time; a
   * reactive one rides its loop, whose clock runs only while recording (pauses and outages are
   * not ridden).
   */
  const record = useCallback((session: RideSession): Recording => {
    const current = loop.current;
    if (!current) {
      return {
        tick: (video, { data, sampleAt }, now) => {
          session.tick(video.currentTime, now, data, sampleAt);
          return false;
        },
        stop: () => undefined,
      };
    }
    current.driver.restartClock(performance.now());
    return {
      tick: (video, tracker, now) => tickReactive(current, session, video, tracker, now),
      stop: () => current.driver.stopClock(),
    };
  }, []);

  /** A pause the page did not ask for: the reactive driver's own (a stopped rider, the end). */
  const heldByRide = useCallback(() => {
    const current = loop.current;
    return current !== null && (current.driver.holding || current.driver.finished);
  }, []);

  /** Whether the video's pause is the driver's, not the rider's (no Save/Discard for it). */
  const ownPause = (playing: boolean) =>
    !playing && (loop.current?.video.takeOwnPause() === true || heldByRide());

  /**
   * The video ended. A reactive ride ends at the rider's place when riding (true: handled);
   * false for a steady ride, which records its last second of video instead.
   */
  const ended = (
    session: RideSession | undefined,
    video: HTMLVideoElement | null,
    tracker: Tracker,
    riding: boolean,
  ): boolean => {
    const current = loop.current;
    if (!current) return false;
    if (riding && video) endReactive(current, session, video, tracker);
    return true;
  };

  return {
    timeline,
    hasTimeline,
    /** The ride's mode once started, else the one a solo ride would start in. */
    mode: startedMode ?? rideModeFor(remembered, { grouped: false, hasTimeline }),
    modeFor,
    resumeTime,
    open,
    close,
    record,
    heldByRide,
    ownPause,
    ended,
  };
}
