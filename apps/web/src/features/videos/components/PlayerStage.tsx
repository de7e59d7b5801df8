import { useEffect, useRef, useState, type RefObject } from 'react';
import { AspectRatio, Box } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type { Playback, Race } from '@ridealong/contracts';
import { useDesktopVideoPlaying } from '../../../lib/useDesktopVideoPlaying';
import type { GroupEntry } from '../../../lib/groupEntry';
import { useGeneralStore } from '../../../stores/general';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { playbackCapSeconds } from '../lib/playback';
import { ResumeRideOffer } from '../ride/ResumeRideOffer';
import type { StoredRide } from '../ride/pointBuffer';
import { resumeMode } from '../ride/reactive/rideModeRule';
import { RideCountdown } from '../ride/RideCountdown';
import { RideLeaderboard } from '../ride/RideLeaderboard';
import { RideOutage } from '../ride/RideOutage';
import { RidePausedControls } from '../ride/RidePausedControls';
import { RideRoute } from '../ride/RideRoute';
import { ReactivePauseButton } from '../ride/reactive/ReactivePauseButton';
import { RideStats } from '../ride/RideStats';
import { useRideGhosts } from '../ride/ghosts/useRideGhosts';
import { useRide } from '../ride/useRide';
import { useUnfinishedRide } from '../ride/useUnfinishedRide';
import { offersModeChoice } from '../ride/reactive/rideModeRule';
import { useSaveRideMode } from '../ride/reactive/useSaveRideMode';
import { GroupStage } from '../group/GroupStage';
import { useGroupRide } from '../group/useGroupRide';
import { PlayerOverlay } from './PlayerOverlay';
import { ReconnectingBadge } from './ReconnectingBadge';
import { RideWaysOffer } from './RideWaysOffer';
import { useRideView } from './useRideView';
import { useStartButtons } from './useStartButtons';
import { useStartSignal } from './useStartSignal';
import { ViewExitButton } from './ViewExitButton';
import { VideoPlayer } from './VideoPlayer';
import { playWhenReady } from '../lib/playWhenReady';

/** Fullscreen is left this long after a pause (document 001 section 4). */
const FULLSCREEN_EXIT_DELAY_MS = 500;

const INLINE_STYLE = { borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' } as const;
/** The stage over the whole window, below drawers (Connect Device, 200) and notifications. */
const THEATRE_STYLE = {
  position: 'fixed',
  inset: 0,
  width: '100vw',
  height: '100vh',
  aspectRatio: 'auto',
  zIndex: 150,
  overflow: 'hidden',
} as const;

type PlayerStageProps = {
  race: Race;
  playback: Playback;
  onPlaybackError: () => void;
  /** The group query the page was entered with (from /events), or null. */
  groupEntry: GroupEntry | null;
  /** The page's handle on the <video> element (the tabs below follow and drive it). */
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Told when group mode starts and ends (the page's voiceovers keep quiet in it). */
  onGroupChange?: (active: boolean) => void;
  /** Told when a ride or a group ride starts and ends (the page shows no ad meanwhile). */
  onRideChange?: (active: boolean) => void;
};

/**
 * The player with its overlay. Preview plays in fullscreen. Start with a live trainer rides
 * alone at once (race mode: countdown, live values, leaderboard, then Save or Discard on pause;
 * nothing is listed); without one it opens Connect Device in desktop mode, and in a plain
 * browser shows the ways to ride. Ride with friends (desktop mode) hosts a group ride: the
 * event is listed, its waiting room opens, and the host's Start there begins it (docs/decisions.md
 * 'Start rides alone'). A page entered with a group query (from /events) joins that event
 * (useGroupRide); one entered with the start signal rides as soon as the trainer is live.
 */
export function PlayerStage(props: PlayerStageProps) {
  const { race, playback, onPlaybackError, groupEntry, videoRef, onGroupChange, onRideChange } =
    props;
  const stageRef = useRef<HTMLDivElement>(null);
  const exitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const signedIn = useUserStore(selectSignedIn);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [capped, setCapped] = useState(false);
  const [ended, setEnded] = useState(false);
  const view = useRideView(stageRef);
  const stageRefs = useMergedRef(stageRef, view.focusTrap);
  const [reconnectingSince, setReconnectingSince] = useState<number | null>(null);
  const cap = playbackCapSeconds({ electronMode, maxSeconds: playback.max_seconds });
  const ride = useRide(race, videoRef, reconnectingSince);
  const group = useGroupRide({ race, entry: groupEntry, videoRef, ride });
  const unfinished = useUnfinishedRide(race.url, electronMode && signedIn);
  const saveRideMode = useSaveRideMode();
  // Group rides (hosted or joined) are synchronised at 1x: no choice there.
  const modeChoice =
    signedIn &&
    offersModeChoice({
      grouped: groupEntry !== null || group.active,
      hasTimeline: ride.hasTimeline,
    })
      ? { value: ride.mode, onChange: saveRideMode }
      : undefined;
  const ghosts = useRideGhosts({ race, ride, solo: groupEntry === null && !group.active });
  useEffect(() => () => clearTimeout(exitTimer.current), []);
  useDesktopVideoPlaying(playing);

  const onPlayingChange = (next: boolean) => {
    setPlaying(next);
    ride.onPlayingChange(next);
    clearTimeout(exitTimer.current);
    if (next) {
      setStarted(true);
      setCapped(false);
      setEnded(false);
    } else if (
      (document.fullscreenElement || view.theatre) &&
      !ride.outage.holdingForOutage() &&
      !ride.heldByRide()
    ) {
      // An outage's pause keeps the view: the ride goes on by itself, and re-entering
      // fullscreen would need the rider's click. So does a reactive ride's hold for a stopped
      // rider.
      exitTimer.current = setTimeout(view.leave, FULLSCREEN_EXIT_DELAY_MS);
    }
  };

  const preview = () => {
    const video = videoRef.current;
    if (!video) return;
    // Previewing is not riding: a start signal still kept must not start a ride later.
    useGeneralStore.getState().setStartSignal(false);
    void stageRef.current?.requestFullscreen?.().catch(() => undefined);
    ride.preview();
    playWhenReady(video);
  };

  // Race mode is watched in theatre view; fullscreen takes the click's user gesture when there
  // still is one, else the stage fills the window.
  const resumeNext = useRef<StoredRide | null>(null);
  const rideAlone = () => {
    view.enter();
    // A kept ride the rider chose to go on with, else a new one.
    const kept = resumeNext.current ?? undefined;
    resumeNext.current = null;
    void ride.start(undefined, kept);
  };
  // A failed create leaves nothing on the stage: back into the page, where its error shows.
  const hostGroup = () => {
    view.enter();
    void group.host().then((outcome) => {
      if (outcome === 'failed') view.leave();
    });
  };
  const buttons = useStartButtons({ rideAlone, hostGroup, creating: group.creating });

  // The start signal (document 001: the page entered to ride at once, in theatre view).
  useStartSignal({
    grouped: groupEntry !== null || group.active,
    rideIdle: ride.machine.phase === 'idle',
    rideAlone,
    showWays: buttons.showWays,
  });

  useEffect(() => onGroupChange?.(group.active), [group.active, onGroupChange]);

  // Race and group mode over: the stage goes back into the page.
  const staged = ride.active || group.active;
  const { endTheatre } = view;
  useEffect(() => onRideChange?.(staged), [staged, onRideChange]);
  useEffect(() => {
    if (!staged) endTheatre();
  }, [staged, endTheatre]);

  // The buttons show before the first play, at the cap or end, and on pause in the desktop app.
  const showOverlay =
    !ride.active && !group.active && !playing && (!started || capped || ended || electronMode);
  const groupBoard = group.active && group.showBoard;
  const ridePaused = ride.machine.phase === 'paused' || ride.machine.phase === 'stopping';
  return (
    <Box>
      <AspectRatio ratio={16 / 9}>
        <Box
          ref={stageRefs}
          tabIndex={-1}
          pos={view.theatre ? 'fixed' : 'relative'}
          bg="black"
          style={view.theatre ? THEATRE_STYLE : INLINE_STYLE}
          data-testid="player-stage"
          data-ride-phase={ride.machine.phase}
          data-view={view.theatre ? 'theatre' : 'inline'}
        >
          <VideoPlayer
            playback={playback}
            capSeconds={cap}
            videoRef={videoRef}
            title={race.title}
            onError={onPlaybackError}
            onReconnecting={setReconnectingSince}
            retrySignal={ride.outage.retrySignal}
            onPlayingChange={onPlayingChange}
            onCapReached={() => setCapped(true)}
            onEnded={() => {
              setEnded(true);
              onPlayingChange(false);
              ride.onEnded();
            }}
          />
          {ride.active ? (
            <>
              <RideStats snapshot={ride.snapshot} />
              {groupBoard ? (
                <RideLeaderboard
                  entries={group.board}
                  trackId={group.selfId}
                  title="Group"
                  testId="group-leaderboard"
                />
              ) : (
                (ghosts.board ?? (
                  <RideLeaderboard
                    entries={ride.snapshot.leaderboard}
                    trackId={ride.snapshot.trackId}
                  />
                ))
              )}
            </>
          ) : null}
          {ride.active && !ridePaused && ride.machine.phase !== 'waiting' ? (
            <RideRoute race={race} videoRef={videoRef} ghosts={ghosts.route} />
          ) : null}
          {ride.mode === 'reactive' && ride.machine.phase === 'recording' ? (
            <ReactivePauseButton onPause={ride.pauseRide} />
          ) : null}
          {ride.active && ridePaused ? (
            <RidePausedControls
              machine={ride.machine}
              snapshot={ride.snapshot}
              onResume={ride.resume}
              onSave={ride.save}
              onDiscard={ride.discard}
            />
          ) : null}
          {ride.active && ride.machine.phase === 'waiting' ? (
            <RideOutage
              snapshot={ride.snapshot}
              awaySince={ride.outage.awaySince}
              putOffUntil={ride.outage.putOffUntil}
              onKeepWaiting={ride.outage.keepWaiting}
              onSave={ride.save}
              onDiscard={ride.discard}
            />
          ) : null}
          {/* In a ride, its own overlay says it is reconnecting. */}
          {reconnectingSince !== null && !ride.active ? (
            <ReconnectingBadge since={reconnectingSince} />
          ) : null}
          <GroupStage group={group} onStart={group.startEvent} />
          {ride.countdown !== null ? <RideCountdown value={ride.countdown} /> : null}
          {view.full ? <ViewExitButton fullscreen={!view.theatre} onExit={view.leave} /> : null}
          {showOverlay ? (
            <PlayerOverlay
              onPreview={preview}
              onStart={buttons.start}
              // Group rides are the desktop app's (group mode, document 001 section 4).
              onRideWithFriends={electronMode ? buttons.rideWithFriends : undefined}
              waiting={buttons.waiting}
              creating={group.creating}
              capped={capped}
              rideMode={modeChoice}
              options={ghosts.picker}
            />
          ) : null}
        </Box>
      </AspectRatio>
      {unfinished.offer && !ride.active ? (
        <Box mt="md">
          <ResumeRideOffer
            ride={unfinished.offer.ride}
            busy={unfinished.offer.busy}
            error={unfinished.offer.error}
            onSave={unfinished.save}
            onDiscard={unfinished.discard}
            onResume={() => {
              const kept = unfinished.offer?.ride;
              if (!kept) return;
              // Through Start's own flow: the ride goes on once a trainer is live.
              resumeNext.current = kept;
              unfinished.dismiss();
              buttons.start();
            }}
            canResume={resumeMode(unfinished.offer.ride, ride.hasTimeline) !== null}
          />
        </Box>
      ) : null}
      {buttons.waysOpen ? <RideWaysOffer onClose={buttons.closeWays} /> : null}
    </Box>
  );
}
