import { Button, Group, Overlay, Stack, Text } from '@mantine/core';
import { BikeIcon, PlayIcon } from '../../../components/icons';

type PlayerOverlayProps = {
  onPreview: () => void;
  onStart: () => void;
  /** The web cap was reached: say why the video stopped. */
  capped: boolean;
};

/** The initial buttons over a paused video: Preview (fullscreen play) and Start (ride). */
export function PlayerOverlay({ onPreview, onStart, capped }: PlayerOverlayProps) {
  return (
    <Overlay
      color="#000"
      backgroundOpacity={0.35}
      zIndex={2}
      center
      data-testid="player-overlay"
      // Clicks outside the buttons reach the video's own controls underneath.
      style={{ pointerEvents: 'none' }}
    >
      <Stack align="center" gap="sm" style={{ pointerEvents: 'auto' }}>
        <Group gap="md">
          <Button size="lg" radius="xl" leftSection={<PlayIcon size={18} />} onClick={onPreview}>
            Preview
          </Button>
          <Button
            size="lg"
            radius="xl"
            variant="white"
            leftSection={<BikeIcon size={18} />}
            onClick={onStart}
          >
            Start
          </Button>
        </Group>
        {capped ? (
          <Text c="white" size="sm" ta="center" maw={360} data-testid="web-cap-notice">
            The browser plays the first 10 minutes. Ride the whole video in the desktop app.
          </Text>
        ) : null}
      </Stack>
    </Overlay>
  );
}
