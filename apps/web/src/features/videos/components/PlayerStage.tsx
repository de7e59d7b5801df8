import { useEffect, useRef, useState } from 'react';
import { Alert, AspectRatio, Box, Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Playback, Race } from '@ridealong/contracts';
import { getDesktopBridge } from '../../../lib/bridge';
import { useGeneralStore } from '../../../stores/general';
import { hasLiveDevice, useTrackerStore } from '../../../stores/tracker';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { playbackCapSeconds } from '../lib/playback';
import { PlayerOverlay } from './PlayerOverlay';
import { VideoPlayer } from './VideoPlayer';

/** Fullscreen is left this long after a pause (document 001 section 4). */
const FULLSCREEN_EXIT_DELAY_MS = 500;

type PlayerStageProps = { race: Race; playback: Playback; onPlaybackError: () => void };

/**
 * The player with its overlay. Preview plays in fullscreen. Start opens the Connect Device
 * panel without a live trainer; with one, riding comes with the next part of the work.
 */
export function PlayerStage({ race, playback, onPlaybackError }: PlayerStageProps) {
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
  const [rideNotice, setRideNotice] = useState(false);
  const cap = playbackCapSeconds({ electronMode, maxSeconds: playback.max_seconds });
  useEffect(() => () => clearTimeout(exitTimer.current), []);

  const onPlayingChange = (next: boolean) => {
    setPlaying(next);
    clearTimeout(exitTimer.current);
    if (next) {
      setStarted(true);
      setCapped(false);
      setEnded(false);
    } else if (document.fullscreenElement) {
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
    void video.play().catch(() => undefined);
  };

  const start = () => {
    if (!signedIn) {
      void navigate('/login');
      return;
    }
    const tracker = useTrackerStore.getState();
    if (hasLiveDevice(tracker)) {
      setRideNotice(true);
      return;
    }
    getDesktopBridge()?.send('open-tracker', { userId: Number(userId) });
    tracker.openPanel();
  };

  // The buttons show before the first play, at the cap or end, and on pause in the desktop app.
  const showOverlay = !playing && (!started || capped || ended || electronMode);
  return (
    <Box>
      <AspectRatio ratio={16 / 9}>
        <Box
          ref={stageRef}
          pos="relative"
          bg="black"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          data-testid="player-stage"
        >
          <VideoPlayer
            playback={playback}
            capSeconds={cap}
            videoRef={videoRef}
            title={race.title}
            onError={onPlaybackError}
            onPlayingChange={onPlayingChange}
            onCapReached={() => setCapped(true)}
            onEnded={() => {
              setEnded(true);
              onPlayingChange(false);
            }}
          />
          {showOverlay ? (
            <PlayerOverlay onPreview={preview} onStart={start} capped={capped} />
          ) : null}
        </Box>
      </AspectRatio>
      {rideNotice ? (
        <Alert
          mt="md"
          color="blue"
          title="Your trainer is connected"
          withCloseButton
          onClose={() => setRideNotice(false)}
          data-testid="ride-coming-notice"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              Riding along with the video, with the leaderboard and slope on your trainer, comes
              next. Meanwhile, press Preview to watch the route.
            </Text>
            <Button size="xs" variant="light" onClick={preview}>
              Preview
            </Button>
          </Group>
        </Alert>
      ) : null}
    </Box>
  );
}
