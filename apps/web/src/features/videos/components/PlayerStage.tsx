import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, AspectRatio, Box, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Playback, Race } from '@ridealong/contracts';
import { openConnectDevice } from '../../../lib/connectDevice';
import { useDesktopVideoPlaying } from '../../../lib/useDesktopVideoPlaying';
import type { GroupEntry } from '../../../lib/groupEntry';
import { useGeneralStore } from '../../../stores/general';
import { hasLiveDevice, useTrackerStore } from '../../../stores/tracker';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { playbackCapSeconds } from '../lib/playback';
import { ResumeRideOffer } from '../ride/ResumeRideOffer';
import { RideCountdown } from '../ride/RideCountdown';
import { RideLeaderboard } from '../ride/RideLeaderboard';
import { RideOutage } from '../ride/RideOutage';
import { RidePausedControls } from '../ride/RidePausedControls';
import { RideStats } from '../ride/RideStats';
import { useRide } from '../ride/useRide';
import { useUnfinishedRide } from '../ride/useUnfinishedRide';
import { GroupStage } from '../group/GroupStage';
import { useGroupRide } from '../group/useGroupRide';
import { PlayerOverlay } from './PlayerOverlay';
import { ReconnectingBadge } from './ReconnectingBadge';
import { VideoPlayer } from './VideoPlayer';
import { playWhenReady } from '../lib/playWhenReady';

/** Fullscreen is left this long after a pause (document 001 section 4). */
const FULLSCREEN_EXIT_DELAY_MS = 500;

type PlayerStageProps = {
  race: Race;
  playback: Playback;
  onPlaybackError: () => void;
  /** The group query the page was entered with (from /events), or null. */
  groupEntry: GroupEntry | null;
};

/**
 * The player with its overlay. Preview plays in fullscreen. Start opens the Connect Device
 * panel without a live trainer; with one, the desktop app enters group mode as the host of a
 * new event (its waiting room; the host's Start there begins race mode: countdown, live values,
 * leaderboard, then Save or Discard on pause) and a browser says riding needs the app. A page
 * entered with a group query (from /events) joins that event instead (useGroupRide).
 */
export function PlayerStage({ race, playback, onPlaybackError, groupEntry }: PlayerStageProps) {
  const navigate = useNavigate();
  const stageRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const exitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const signedIn = useUserStore(selectSignedIn);
  const userId = useUserStore((s) => s.user.userId);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [capped, setCapped] = useState(false);
  const [ended, setEnded] = useState(false);
  const [desktopOnly, setDesktopOnly] = useState(false);
  const [reconnectingSince, setReconnectingSince] = useState<number | null>(null);
  const cap = playbackCapSeconds({ electronMode, maxSeconds: playback.max_seconds });
  const ride = useRide(race, videoRef, reconnectingSince);
  const group = useGroupRide({ race, entry: groupEntry, videoRef, ride });
  const unfinished = useUnfinishedRide(race.url, electronMode && signedIn);
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
    } else if (document.fullscreenElement && !ride.outage.holdingForOutage()) {
      // An outage's pause keeps the view: the ride goes on by itself, and re-entering
      // fullscreen would need the rider's click.
      exitTimer.current = setTimeout(
        () => void document.exitFullscreen().catch(() => undefined),
        FULLSCREEN_EXIT_DELAY_MS,
      );
    }
  };

  const preview = () => {
    const video = videoRef.current;
    if (!video) return;
    void stageRef.current?.requestFullscreen?.().catch(() => undefined);
    ride.preview();
    playWhenReady(video);
  };

  const start = () => {
    if (!signedIn) {
      void navigate('/login');
      return;
    }
    const tracker = useTrackerStore.getState();
    if (hasLiveDevice(tracker)) {
      // Riding the whole video with the trainer is the desktop app's (document 000 section 1).
      if (!electronMode) {
        setDesktopOnly(true);
        return;
      }
      // Race mode is watched in theatre view; fullscreen needs this click's user gesture.
      void stageRef.current?.requestFullscreen?.().catch(() => undefined);
      // Start in the desktop app enters group mode: this rider hosts (document 001 section 2).
      void group.host();
      return;
    }
    openConnectDevice(Number(userId));
  };

  // The buttons show before the first play, at the cap or end, and on pause in the desktop app.
  const showOverlay =
    !ride.active && !group.active && !playing && (!started || capped || ended || electronMode);
  const groupBoard = group.active && group.showBoard;
  const ridePaused = ride.machine.phase === 'paused' || ride.machine.phase === 'stopping';
  return (
    <Box>
      <AspectRatio ratio={16 / 9}>
        <Box
          ref={stageRef}
          pos="relative"
          bg="black"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          data-testid="player-stage"
          data-ride-phase={ride.machine.phase}
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
                <RideLeaderboard
                  entries={ride.snapshot.leaderboard}
                  trackId={ride.snapshot.trackId}
                />
              )}
            </>
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
          {showOverlay ? (
            <PlayerOverlay onPreview={preview} onStart={start} capped={capped} />
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
          />
        </Box>
      ) : null}
      {desktopOnly ? (
        <Alert
          mt="md"
          color="blue"
          title="Your trainer is connected"
          withCloseButton
          onClose={() => setDesktopOnly(false)}
          data-testid="ride-desktop-only"
        >
          <Stack gap={4}>
            <Text size="sm">
              Riding along with the video, with the leaderboard and slope on your trainer, needs the
              desktop app. Meanwhile, press Preview to watch the route.
            </Text>
            <Anchor component={Link} to="/setup" size="sm">
              How to get set up
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
    </Box>
  );
}
