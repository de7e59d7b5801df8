import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { BrandMark, PlayIcon } from '../../../components/icons';
import { useGeneralStore } from '../../../stores/general';
import { useDemoPlayback } from '../api/useDemoPlayback';
import { DemoLoop } from '../components/DemoLoop';

/** Where 'Start riding' goes: the carousels of workouts, channels and challenges. */
export const START_RIDING_PATH = '/featured';
/** A stream that would not play is asked for again (fresh URLs) after this long. */
const RETRY_FAILED_MS = 30_000;

/**
 * /demo, the attract screen (documents 000 and 001): the desktop app shows it full screen in
 * demo mode, and a kiosk may open it in a browser. The demo video loops muted behind the
 * brand and a way to start riding; any input in the app leaves demo mode by itself (the
 * shell's DesktopDemoMode), the button does so everywhere.
 */
export function DemoPage() {
  const navigate = useNavigate();
  const playback = useDemoPlayback();
  const [failedStream, setFailedStream] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const stream = playback.data ?? null;
  const playable = stream !== null && failedStream !== stream.hls_url;
  const onFailed = useCallback(() => setFailedStream(stream?.hls_url ?? null), [stream]);
  const { refetch } = playback;
  useEffect(() => {
    if (failedStream === null) return;
    const timer = setTimeout(() => void refetch(), RETRY_FAILED_MS);
    return () => clearTimeout(timer);
  }, [failedStream, refetch]);

  const startRiding = () => {
    useGeneralStore.getState().setDemoMode(false);
    void navigate(START_RIDING_PATH, { replace: true });
  };

  return (
    <Box
      component="main"
      data-testid="demo-page"
      data-demo-video={playable ? 'playing' : 'none'}
      style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: '#0b1d33' }}
    >
      {playable ? (
        <DemoLoop
          hls={stream.hls_url}
          dash={stream.dash_url}
          poster={stream.poster_url}
          playing={!paused}
          onFailed={onFailed}
        />
      ) : null}
      {/* Keeps the text readable over any frame of the video. */}
      <Box
        aria-hidden="true"
        style={{
          position: 'absolute',
          inset: 0,
          background:
            'linear-gradient(to top, rgba(0,0,0,0.88) 0%, rgba(0,0,0,0.6) 45%, rgba(0,0,0,0.15) 100%)',
        }}
      />
      <Stack
        gap="lg"
        maw={760}
        style={{ position: 'absolute', left: 0, bottom: 0, padding: 'clamp(24px, 6vw, 72px)' }}
      >
        <Group gap="sm" wrap="nowrap">
          <BrandMark size={44} />
          <Text fw={800} fz={28} lts={-0.5} c="white">
            RideAlong
          </Text>
        </Group>
        <Title order={1} c="white" fz={{ base: 34, sm: 56 }} lh={1.05}>
          Ride the world from your trainer.
        </Title>
        <Text c="gray.1" fz={{ base: 'md', sm: 'xl' }}>
          Real roads filmed by riders. Your trainer follows every climb while you ride along.
        </Text>
        <Group>
          <Button
            size="xl"
            radius="xl"
            // Shade 8: white text on it passes AA contrast (the default shade 6 does not).
            color="blue.8"
            leftSection={<PlayIcon size={22} />}
            onClick={startRiding}
            data-testid="demo-start"
            autoFocus
          >
            Start riding
          </Button>
        </Group>
      </Stack>
      {playable ? (
        <Button
          variant="white"
          color="dark"
          size="sm"
          radius="xl"
          onClick={() => setPaused((p) => !p)}
          style={{ position: 'absolute', top: 16, right: 16 }}
          data-testid="demo-pause"
        >
          {paused ? 'Play background video' : 'Pause background video'}
        </Button>
      ) : null}
    </Box>
  );
}
