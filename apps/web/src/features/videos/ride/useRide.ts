import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { durationNeedsCorrection, RIDE, type Race } from '@ridealong/contracts';
import { useTrackerStore } from '../../../stores/tracker';
import { useUserStore } from '../../../stores/user';
import { rideDifficulty } from './reactive/rideModeRule';
import { useReactiveLoop } from './reactive/useReactiveLoop';
import { PointBuffer, type StoredRide } from './pointBuffer';
import { refreshUser } from '../../../lib/refreshUser';
import { changeRaceDuration } from './rideApi';
import { retryWhile } from '../../../lib/retryWhile';
import { hasUnsavedRide, initialRide, rideReducer } from './rideMachine';
import { EMPTY_RIDE_SNAPSHOT, RideSession } from './rideSession';
import { connectRideChannel, newRideId, TransportError, type RideTransport } from './rideSocket';
import { useCountdown } from './useCountdown';
import { useLeaveGuard } from './useLeaveGuard';
import { useRideOutage } from './useRideOutage';

/** A group ride's start (useGroupRide): the event's second of video now, and the go moment. */
export type GroupStart = {
  eventSecond: () => number;
  /** When the countdown ends on this page's clock; null for a late joiner (no countdown). */
  goAt: number | null;
};

/**
 * Plays a group ride's video: nobody clicked just before the start, so a browser's autoplay
 * rule may refuse sound; the ride then goes on muted rather than stand still.
 */
function playInGroup(video: HTMLVideoElement): Promise<void> {
  return video.play().catch((e: unknown) => {
    if (!(e instanceof DOMException) || e.name !== 'NotAllowedError') return;
    video.muted = true;
    return video.play().catch(() => undefined);
  });
}

/** How often the video time is sampled while recording: well under a second, so none is missed. */
const TICK_MS = 250;

const noSubscribe = () => () => undefined;
const noSnapshot = () => EMPTY_RIDE_SNAPSHOT;

type Live = { transport: RideTransport; buffer: PointBuffer; session: RideSession };

const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong.');

/**
 * Race mode on the video page: the countdown, the recording loop, the session's lifecycle, the
 * wait through an outage (useRideOutage) and the save or discard. The page's video element and
 * the player's retrying state are passed in; this is glue only.
 */
export function useRide(
  race: Race,
  videoRef: RefObject<HTMLVideoElement | null>,
  playerAwaySince: number | null,
) {
  const navigate = useNavigate();
  const [machine, dispatch] = useReducer(rideReducer, initialRide);
  const [session, setSession] = useState<RideSession | null>(null);
  /** Seconds left (10..1, or 3..1 after an outage), 0 while 'Go!' shows, null when none. */
  const countdown = useCountdown();
  const live = useRef<Live | null>(null);
  const endedAt = useRef<number | null>(null);
  const sampleAt = useRef<number | null>(null);
  /** Counts starts and aborts: a start whose setup finishes after an abort is dropped. */
  const startRound = useRef(0);
  const reactive = useReactiveLoop(race.id);
  const { close: closeReactive, record: recordReactive } = reactive;
  const snapshot = useSyncExternalStore(
    session ? session.subscribe : noSubscribe,
    session ? session.getSnapshot : noSnapshot,
  );
  const allowLeave = useLeaveGuard(hasUnsavedRide(machine) && snapshot.elapsedSeconds > 0);
  const outage = useRideOutage({
    machine,
    dispatch,
    linked: snapshot.linked,
    playerAwaySince,
    videoRef,
    countdown,
    retryChannel: () => live.current?.transport.retryNow(),
  });

  const close = useCallback(() => {
    const current = live.current;
    live.current = null;
    closeReactive();
    // The next preview or ride plays at 1x until told otherwise.
    if (videoRef.current) videoRef.current.playbackRate = 1;
    setSession(null);
    current?.session.dispose();
    current?.transport.close();
    current?.buffer.close();
  }, [videoRef, closeReactive]);
  useEffect(() => close, [close]);

  // When the latest sample came: a stale one is replaced by placeholder seconds.
  useEffect(
    () =>
      useTrackerStore.subscribe((s, prev) => {
        if (s.data && s.data !== prev.data) sampleAt.current = Date.now();
      }),
    [],
  );

  useEffect(() => {
    if (machine.phase !== 'recording' || !session) return;
    const recording = recordReactive(session);
    const timer = setInterval(() => {
      const video = videoRef.current;
      const tracker = { data: useTrackerStore.getState().data, sampleAt: sampleAt.current };
      // True at a reactive ride's route end: recorded once; it can only be saved or discarded now.
      if (!video || !recording.tick(video, tracker, Date.now())) return;
      clearInterval(timer);
      dispatch({ type: 'ended' });
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      recording.stop();
    };
  }, [machine.phase, session, videoRef, recordReactive]);

  /**
   * Start rewinds to 0, counts down from 10 and opens the ride on the server meanwhile. A group
   * ride starts at the event's second instead, its countdown ending at the event's moment (or
   * at once for a late joiner), and goes on as a solo ride of this rider.
   */
  const start = async (group?: GroupStart, resume?: StoredRide) => {
    const video = videoRef.current;
    if (!video || machine.phase !== 'idle') return;
    const user = useUserStore.getState().user;
    const mode = reactive.modeFor(user, group !== undefined, resume);
    if (mode === null) return; // a reactive ride waits for its timeline
    const round = ++startRound.current;
    video.pause();
    // Start rewinds to 0 unless joining a group race (section 4) or going on with a kept ride.
    video.currentTime = resume
      ? reactive.resumeTime(resume, mode)
      : group
        ? Math.max(0, group.eventSecond())
        : 0;
    endedAt.current = null;
    video.playbackRate = 1;
    reactive.open(mode, user, video, resume);
    dispatch({ type: 'start' });
    const go = () => {
      dispatch({ type: 'countdown-done' });
      const current = videoRef.current;
      if (!current) return;
      // At go the event is at its second 0 (or, late, wherever it is now).
      if (group) current.currentTime = Math.max(0, group.eventSecond());
      // While the connection is away the ride waits instead (useRideOutage holds the video).
      void (group ? playInGroup(current) : current.play().catch(() => undefined));
    };
    if (!group) countdown.begin(RIDE.countdownSeconds, go);
    else if (group.goAt !== null) countdown.beginAt(group.goAt, go);
    else go();
    try {
      const buffer = await PointBuffer.open();
      if (round !== startRound.current) return buffer.close(); // aborted meanwhile
      const transport = connectRideChannel(user.token);
      const next = new RideSession({
        transport,
        buffer,
        race,
        rider: {
          id: Number(user.userId),
          username: user.display_name ?? '',
          stravaAutoSave: user.strava_auto_save === true,
        },
        clientRideId: resume?.client_ride_id ?? newRideId(),
        resume,
        sendControl: (control) => useTrackerStore.getState().sendControl?.(control),
        mode,
        difficulty: resume ? resume.difficulty : rideDifficulty(user.trainer_difficulty),
        timeline: reactive.timeline,
      });
      live.current = { transport, buffer, session: next };
      setSession(next);
      await next.begin(Date.now());
    } catch (e) {
      notifications.show({ color: 'red', title: 'Ride', message: messageOf(e) });
    }
  };

  /** A group ride canceled during its countdown: nothing was recorded, so nothing is kept. */
  const abort = () => {
    if (machine.phase !== 'countdown') return;
    startRound.current += 1;
    countdown.cancel();
    dispatch({ type: 'abort' });
    const current = live.current;
    if (!current) return;
    void current.session
      .forget()
      .catch(() => undefined)
      .finally(() => {
        if (live.current === current) close();
      });
  };

  /**
   * Save (final points, stop-track, then /activities) or discard (back to play mode), from a
   * pause or while waiting out an outage. A save waits for the server as long as it takes (the
   * ride stays in this browser meanwhile); a discard with the server away forgets it here.
   */
  const stop = async (discard: boolean) => {
    const current = live.current;
    if (!current || (machine.phase !== 'paused' && machine.phase !== 'waiting')) return;
    dispatch({ type: 'stop', discard });
    const byOutage = (e: unknown) => e instanceof TransportError;
    try {
      const saved = discard
        ? await (
            current.transport.connected() ? current.session.stop(true) : current.session.forget()
          ).catch((e: unknown) => {
            if (!byOutage(e)) throw e;
            return current.session.forget();
          })
        : await retryWhile(() => current.session.stop(false), {
            shouldRetry: byOutage,
            keepGoing: () => live.current === current,
          });
      const ended = endedAt.current;
      const report =
        ended !== null && durationNeedsCorrection(race.duration, ended, RIDE.durationTolerance);
      if (saved?.saved && report) {
        // After the save: the server takes a rider's report only from a ride that reached the
        // end. A refusal must not hold up the ride.
        await changeRaceDuration(race.id, Math.max(1, Math.round(ended))).catch(() => undefined);
      }
      allowLeave();
      close();
      dispatch({ type: 'stopped' });
      countdown.cancel();
      if (!discard && saved?.saved) {
        await refreshUser().catch(() => undefined);
        void navigate('/activities');
      } else if (videoRef.current) {
        videoRef.current.currentTime = 0;
      }
    } catch (e) {
      dispatch({ type: 'stop-failed', message: messageOf(e) });
    }
  };

  return {
    machine,
    snapshot,
    /** The ride's mode once started, else the one a solo ride would start in. */
    mode: reactive.mode,
    /** The video has a timeline to ride reactive by (the choice is offered for solo rides). */
    hasTimeline: reactive.hasTimeline,
    heldByRide: reactive.heldByRide,
    countdown: countdown.value,
    outage,
    /** Race mode owns the stage (countdown, live values, paused controls). */
    active: machine.mode === 'race' && machine.phase !== 'idle',
    start,
    abort,
    preview: () => dispatch({ type: 'preview' }),
    save: () => void stop(false),
    discard: () => void stop(true),
    resume: () => void videoRef.current?.play().catch(() => undefined),
    /**
     * The rider's pause from the ride view: a reactive ride's video may already be held (a
     * stopped rider), so the pause is the ride's, not the player's event.
     */
    pauseRide: () => {
      if (machine.phase !== 'recording') return;
      dispatch({ type: 'pause' });
      videoRef.current?.pause();
    },
    onPlayingChange: (playing: boolean) => {
      // The reactive driver's pauses are not the rider's: no Save/Discard for a stopped rider.
      if (!reactive.ownPause(playing)) dispatch({ type: playing ? 'resume' : 'pause' });
    },
    onEnded: () => {
      // (The video's own pause comes just before its end, so the ride may read paused.)
      const riding = machine.phase === 'recording' || machine.phase === 'paused';
      const { data } = useTrackerStore.getState();
      // A reactive ride ends at the rider's place.
      const session = live.current?.session;
      if (reactive.ended(session, videoRef.current, { data, sampleAt: sampleAt.current }, riding))
        return dispatch({ type: 'ended' });
      endedAt.current = videoRef.current?.currentTime ?? null;
      // The last sample may have come before the video's last second: record it now.
      if (riding && endedAt.current !== null)
        session?.end(endedAt.current, Date.now(), data, sampleAt.current);
      dispatch({ type: 'ended' });
    },
  };
}

export type RideControls = ReturnType<typeof useRide>;
