import { useEffect, useRef, useState, type Dispatch, type RefObject } from 'react';
import { useTrackerStore, type TrackerConnection } from '../../../stores/tracker';
import {
  connectionAway,
  OUTAGE_GRACE_MS,
  putOffChoices,
  RESUME_COUNTDOWN_SECONDS,
} from './rideConnection';
import { heldForOutage, type RideEvent, type RideMachine } from './rideMachine';
import type { Countdown } from './useCountdown';

type RideOutageInput = {
  machine: RideMachine;
  dispatch: Dispatch<RideEvent>;
  /** The ride's channel is connected and the server has the track on it. */
  linked: boolean;
  /** The player is retrying media since then; null while it is fed. */
  playerAwaySince: number | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  countdown: Countdown;
  /** Asks the ride's channel to reconnect now instead of waiting out its backoff. */
  retryChannel: () => void;
};

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** The local tracker's socket is reconnecting (not given up, not Bluetooth in the page). */
const trackerRetrying = ({ source, status }: TrackerConnection) =>
  source === 'tracker' && (status === 'connecting' || status === 'retrying');

/**
 * A short outage is a pause, not an end (issue 11). While a ride is on, the browser's network,
 * the /ride channel, the player and the local tracker's connection are watched; when any is away for longer than a blip, the
 * ride waits (the video and the recording held at the same second; the trainer is sent nothing,
 * so it keeps its last resistance), and once all are back it counts down and goes on.
 */
export function useRideOutage({
  machine,
  dispatch,
  linked,
  playerAwaySince,
  videoRef,
  countdown,
  retryChannel,
}: RideOutageInput) {
  const online = useOnline();
  const tracker = useTrackerStore((s) => trackerRetrying(s.connection));
  const active = machine.phase !== 'idle';
  const away =
    active &&
    connectionAway({
      online,
      linked,
      playerAway: playerAwaySince !== null,
      trackerRetrying: tracker,
    });
  const [awaySince, setAwaySince] = useState<number | null>(null);
  const [putOffUntil, setPutOffUntil] = useState<number | null>(null);
  const [retrySignal, setRetrySignal] = useState(0);
  const holding = useRef(false);
  const phase = useRef(machine.phase);
  phase.current = machine.phase;

  useEffect(() => {
    if (!away) {
      setAwaySince(null);
      setPutOffUntil(null);
      dispatch({ type: 'connection-back' });
      return;
    }
    setAwaySince(Date.now());
    // The browser saying it is offline is no blip: the ride waits at once, so no second is
    // recorded without the trainer (whose loopback socket the offline event closes too).
    const grace = online ? OUTAGE_GRACE_MS : 0;
    const timer = setTimeout(() => dispatch({ type: 'connection-lost' }), grace);
    return () => clearTimeout(timer);
  }, [away, online, dispatch]);

  // The channel or the network is back: the player need not wait out its backoff.
  const reachable = online && linked;
  useEffect(() => {
    if (reachable) setRetrySignal((n) => n + 1);
  }, [reachable]);
  // The network or the media is back: nor need the channel.
  const mediaBack = online && playerAwaySince === null;
  const retry = useRef(retryChannel);
  retry.current = retryChannel;
  useEffect(() => {
    if (mediaBack) retry.current();
  }, [mediaBack]);

  // Held: the video stays paused (also against its own controls) until the countdown ends.
  const held = heldForOutage(machine);
  useEffect(() => {
    const video = videoRef.current;
    if (!held || !video) return;
    holding.current = true;
    video.pause();
    const keepPaused = () => {
      if (holding.current) video.pause();
    };
    video.addEventListener('play', keepPaused);
    return () => {
      holding.current = false;
      video.removeEventListener('play', keepPaused);
    };
  }, [held, videoRef]);

  const { begin, cancel } = countdown;
  useEffect(() => {
    if (machine.phase === 'waiting') cancel();
    if (machine.phase !== 'resuming') return;
    begin(RESUME_COUNTDOWN_SECONDS, () => {
      if (phase.current !== 'resuming') return;
      holding.current = false;
      dispatch({ type: 'resume-countdown-done' });
      void videoRef.current?.play().catch(() => undefined);
    });
  }, [machine.phase, begin, cancel, dispatch, videoRef]);

  return {
    /** When the connection went away (for 'Reconnecting… N s'); null while it is there. */
    awaySince,
    /** 'Keep waiting' put the long-outage choices off until then. */
    putOffUntil,
    keepWaiting: () => setPutOffUntil(putOffChoices(Date.now())),
    /** Bumped when the channel and network are back: the player retries at once. */
    retrySignal,
    /** True while the page (not the rider) holds the video paused. */
    holdingForOutage: () => holding.current,
  };
}
