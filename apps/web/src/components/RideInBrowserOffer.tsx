import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Platform } from '@ridealong/contracts';
import { Link } from 'react-router';
import { unpublishedText } from '../lib/desktopOffer';
import { useTrackerStore } from '../stores/tracker';

/**
 * Where no installer is published for the visitor's system: say so, and offer riding in this
 * browser with a Bluetooth trainer (Connect Device's Web Bluetooth part) instead of a dead link.
 */
export function RideInBrowserOffer(props: { platform: Platform | null; unavailable?: boolean }) {
  const heading = props.unavailable
    ? 'The desktop app cannot be downloaded right now.'
    : unpublishedText(props.platform);
  return (
    <Stack gap={6} maw={420} data-testid="desktop-unpublished">
      <Text fw={600}>{heading}</Text>
      <Text size="sm" c="gray.7">
        You can ride in this browser instead: connect a Bluetooth smart trainer from Connect Device
        (Chrome or Edge), then pick a workout. The browser plays the first 10 minutes of each video.
      </Text>
      <Group gap="md">
        <Button
          size="sm"
          radius="xl"
          // Dark text on white: AA contrast on the light and tinted backgrounds it sits on.
          variant="default"
          onClick={() => useTrackerStore.getState().openPanel()}
          data-testid="ride-in-browser"
        >
          Connect a Bluetooth trainer
        </Button>
        <Anchor component={Link} to="/featured" size="sm" fw={600} c="blue.9">
          Pick a workout
        </Anchor>
      </Group>
    </Stack>
  );
}
