import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';
import { notifications } from '@mantine/notifications';
import {
  createEventResponseSchema,
  GROUP,
  type GroupMember,
  type LeaderboardEntry,
  type Race,
} from '@ridealong/contracts';
import { ApiError, apiRequest } from '../../../lib/api';
import { openConnectDevice } from '../../../lib/connectDevice';
import type { GroupEntry } from '../../../lib/groupEntry';
import { useGeneralStore } from '../../../stores/general';
import { selectHasLiveDevice, useTrackerStore } from '../../../stores/tracker';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import type { RideControls } from '../ride/useRide';
import { driftTarget, eventSecond, startPlan } from './groupClock';
import {
  addRelay,
  eventTotal,
  freshRelays,
  groupEntries,
  type RelayBook,
} from './groupLeaderboard';
import { GroupSession, type GroupSnapshot } from './groupSession';
import { connectGroupChannel } from './groupSocket';
import { leaveUnridden } from './leaveUnridden';

/** Drift is checked, and the rider's point sent, this often (section 7: every second). */
const PULSE_MS = 1000;
const HAVE_FUTURE_DATA = 3;

const noSubscribe = () => () => undefined;
const noSnapshot = () => null;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong.');

type GroupRideInput = {
  race: Race;
  /** The page's group query (from /events), or null. */
  entry: GroupEntry | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  ride: GroupRideControls;
};

/** What group mode uses of the ride (useRide's controls). */
export type GroupRideControls = Pick<RideControls, 'machine' | 'snapshot' | 'start' | 'abort'>;

function selfMember(): GroupMember {
  const user = useUserStore.getState().user;
  return {
    id: Number(user.userId),
    display_name: user.display_name ?? '',
    photo_url: user.photo_url ?? null,
  };
}

/**
 * Group mode on the video page (document 001 section 4 'Group ride'): hosting (Ride with
 * friends in the desktop app creates an event; Start rides alone, docs/decisions.md) or joining
 * (the page's group query), the waiting room, the
 * start at the server's moment, keeping the video with the event, the point pulses, the group
 * leaderboard, and the cancel. The ride itself is the solo ride's (useRide); this is glue.
 */
export function useGroupRide({ race, entry, videoRef, ride }: GroupRideInput) {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const signedIn = useUserStore(selectSignedIn);
  const trackerLive = useTrackerStore(selectHasLiveDevice);
  const [session, setSession] = useState<GroupSession | null>(null);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [board, setBoard] = useState<LeaderboardEntry[]>([]);
  /** The latest relay counted other riders in the event. */
  const [othersRiding, setOthersRiding] = useState(false);
  const book = useRef<RelayBook>(new Map());
  const self = useRef<GroupMember>(selfMember());
  const current = useRef<GroupSession | null>(null);
  current.current = session;
  const rideRef = useRef(ride);
  rideRef.current = ride;
  const snapshot: GroupSnapshot | null = useSyncExternalStore(
    session ? session.subscribe : noSubscribe,
    session ? session.getSnapshot : noSnapshot,
  );

  const open = useCallback((roomId: number) => {
    self.current = selfMember();
    book.current = new Map();
    setBoard([]);
    setOthersRiding(false);
    setNotice(null);
    const token = useUserStore.getState().user.token;
    setSession(
      new GroupSession({
        transport: connectGroupChannel(token),
        roomId,
        self: self.current,
        trainer: selectHasLiveDevice(useTrackerStore.getState()),
        onRelay: (relay) => {
          book.current = addRelay(book.current, relay, Date.now());
        },
      }),
    );
  }, []);

  const leave = useCallback(() => {
    current.current?.dispose();
    setSession(null);
  }, []);

  // Leaving the page leaves the event. Deferred a turn: StrictMode's trial unmount comes back.
  const disposeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  useEffect(() => {
    clearTimeout(disposeTimer.current);
    alive.current = true;
    const onPageHide = () => current.current?.dispose();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      alive.current = false;
      window.removeEventListener('pagehide', onPageHide);
      disposeTimer.current = setTimeout(() => current.current?.dispose(), 0);
    };
  }, []);

  // The room sees this rider's trainer state (the waiting room's readiness), as it changes.
  useEffect(() => {
    session?.reportTrainer(trackerLive);
  }, [session, trackerLive]);

  // Entering with the group query joins that event (desktop app, signed in).
  const entered = useRef(false);
  useEffect(() => {
    if (!entry || entered.current || !electronMode || !signedIn) return;
    entered.current = true;
    open(entry.eventId);
  }, [entry, electronMode, signedIn, open]);

  // The event ended: say so unless it simply ran out, hold the ride, and leave group mode.
  const end = snapshot?.end ?? null;
  useEffect(() => {
    if (!session || !end) return;
    if (end.reason !== 'finished' && !end.quiet) setNotice(end.message);
    if (!end.quiet && (end.reason === 'canceled' || end.reason === 'abandoned')) {
      const { machine, abort } = rideRef.current;
      if (machine.phase === 'countdown') abort();
      else videoRef.current?.pause(); // the ride stays, paused: Save or Discard, or ride on
    }
    session.dispose();
    setSession(null);
  }, [session, end, videoRef]);

  // In progress with a live trainer: the ride starts (counting down to the event's moment, or
  // at once for a late joiner). Without one the page asks to connect first.
  const phase = snapshot?.phase ?? null;
  const timeStart = snapshot?.timeStart ?? null;
  const started = useRef<GroupSession | null>(null);
  const rideIdle = ride.machine.phase === 'idle';
  useEffect(() => {
    if (!session || phase !== 'in-progress' || timeStart === null || !trackerLive) return;
    if (started.current === session || !rideIdle) return;
    started.current = session;
    const plan = startPlan(timeStart, session.getSnapshot().offsetMs ?? 0, Date.now());
    void rideRef.current.start({
      eventSecond: () => eventSecond(timeStart, session.serverNow()),
      goAt: plan.kind === 'countdown' ? plan.goAtLocal : null,
    });
  }, [session, phase, timeStart, trackerLive, rideIdle]);

  /**
   * Others ride the event. A host riding alone is not moved to the event's time: the sync is
   * for riding together, and alone a pause (or an outage's) resumes where it stopped, as a
   * solo ride does; the ride's own history leaderboard shows meanwhile.
   */
  const withOthers = othersRiding || (snapshot?.present ?? 0) > 1;
  const syncing = useRef(withOthers);
  syncing.current = withOthers;

  // Every second while recording: the rider's latest point, and the video kept with the event.
  const recording = ride.machine.phase === 'recording' && phase === 'in-progress';
  const lastPoint = useRef(ride.snapshot.lastPoint);
  lastPoint.current = ride.snapshot.lastPoint;
  useEffect(() => {
    if (!session || !recording || timeStart === null) return;
    const timer = setInterval(() => {
      const point = lastPoint.current;
      if (point) {
        const { elapsed_time, accumulated_power, power, heart_rate, cadence, distance } = point;
        session.pointPulse({
          elapsed_time,
          accumulated_power,
          power,
          heart_rate,
          cadence,
          distance,
        });
      }
      const video = videoRef.current;
      // A video seeking or waiting for data would only fall further behind by moving it again.
      if (!syncing.current || !video || video.seeking || video.readyState < HAVE_FUTURE_DATA) {
        return;
      }
      const duration = Number.isFinite(video.duration) ? video.duration : race.duration;
      const at = eventSecond(timeStart, session.serverNow());
      const target = driftTarget(video.currentTime, at, duration);
      if (target !== null) video.currentTime = target;
    }, PULSE_MS);
    return () => clearInterval(timer);
  }, [session, recording, timeStart, videoRef, race.duration]);

  // The group leaderboard, redrawn every 2 s from the latest relays.
  const inProgress = phase === 'in-progress';
  useEffect(() => {
    if (!session || !inProgress) return;
    const draw = () => {
      const now = Date.now();
      book.current = freshRelays(book.current, now);
      const me = { member: self.current, point: lastPoint.current };
      setBoard(groupEntries(book.current, me, race.url, now));
      setOthersRiding(eventTotal(book.current) > 1);
    };
    draw();
    const timer = setInterval(draw, GROUP.leaderboardRefreshMs);
    return () => clearInterval(timer);
  }, [session, inProgress, race.url]);

  // A discarded (or saved) group ride leaves the event: the rider is done with it.
  const ridePhase = ride.machine.phase;
  const lastRidePhase = useRef(ridePhase);
  useEffect(() => {
    const before = lastRidePhase.current;
    lastRidePhase.current = ridePhase;
    if (before === 'stopping' && ridePhase === 'idle' && current.current) leave();
  }, [ridePhase, leave]);

  /** Ride with friends (desktop app, live trainer): a new event hosted by this rider. */
  const host = async (): Promise<'hosted' | 'alone' | 'failed' | 'gone'> => {
    if (session || creating) return 'failed';
    setCreating(true);
    try {
      const { data } = await apiRequest('/event/create', {
        method: 'POST',
        body: { race_url: race.url },
        schema: createEventResponseSchema,
      });
      // The page was left during the request: its event is left at once (which cancels it).
      if (!alive.current) {
        leaveUnridden(data.eventId);
        return 'gone';
      }
      open(data.eventId);
      return 'hosted';
    } catch (e) {
      if (!alive.current) return 'gone';
      // Hosting another open event: this ride goes on alone rather than not at all.
      const alone = e instanceof ApiError && e.status === 409;
      notifications.show({
        color: alone ? 'yellow' : 'red',
        title: 'Group ride',
        message: messageOf(e),
      });
      if (alone) void rideRef.current.start();
      return alone ? 'alone' : 'failed';
    } finally {
      setCreating(false);
    }
  };

  const videoDuration = () => {
    const d = videoRef.current?.duration;
    return d !== undefined && Number.isFinite(d) && d > 0 ? d : race.duration || undefined;
  };

  return {
    /** The page is in group mode (joining, waiting, or riding with the event). */
    active: session !== null,
    creating,
    snapshot,
    /** The group leaderboard's entries; the rider's own row has their id as its track id. */
    board,
    /** Others ride the event: the group leaderboard replaces the ride's history one. */
    showBoard: inProgress && withOthers,
    selfId: self.current.id,
    /** The canceled message (or why the join was refused), until dismissed. */
    notice,
    dismissNotice: () => setNotice(null),
    /** This rider's trainer is connected (the waiting room asks for it before the start). */
    trainerLive: trackerLive,
    /** The event started and this rider has no live trainer yet. */
    needsTracker: inProgress && !trackerLive && rideIdle,
    host,
    startEvent: () => void session?.start(videoDuration()),
    cancelEvent: () => void session?.cancel(),
    leave,
    connect: () => openConnectDevice(self.current.id),
  };
}

export type GroupRide = ReturnType<typeof useGroupRide>;
